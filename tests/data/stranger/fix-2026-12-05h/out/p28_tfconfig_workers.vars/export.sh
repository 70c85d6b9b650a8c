# tf-config.task-type-invalid: TF_CONFIG task type "workers" is not chief, worker, evaluator or ps
#   TF_CONFIG below is this node's own task: on each other node run distdoctor env --export there; distdoctor env --export-format tf writes one per task of the cluster
export TF_CONFIG='{"cluster":{"worker":["10.4.0.11:2222","10.4.0.12:2222","10.4.0.13:2222"]},"task":{"index":1,"type":"worker"}}'
