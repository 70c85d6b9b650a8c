# tf-config.invalid-json: TF_CONFIG is not valid JSON: it is written with single quotes (Python's dict syntax), and TensorFlow reads it with json.loads, which takes double quotes only
#   TF_CONFIG below is this node's own task: on each other node run distdoctor env --export there; distdoctor env --export-format tf writes one per task of the cluster
export TF_CONFIG='{"cluster": {"worker": ["192.0.2.2:12345", "192.0.2.3:12345"]}, "task": {"type": "worker", "index": 0}}'
