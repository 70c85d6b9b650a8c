import json
import os

tf_config = {
    "cluster": {
        "worker": ["10.20.0.11:12345", "10.20.0.12:12345"],
    },
    "task": {"type": "worker", "index": 1},
}
os.environ["TF_CONFIG"] = json.dumps(tf_config)

import tensorflow as tf  # noqa: E402

strategy = tf.distribute.MultiWorkerMirroredStrategy()
print(strategy.num_replicas_in_sync)
