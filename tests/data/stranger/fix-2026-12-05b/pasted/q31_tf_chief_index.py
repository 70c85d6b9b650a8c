import json
import os

tf_config = {
    "cluster": {
        "chief": ["10.0.0.10:2222"],
        "worker": ["10.0.0.11:2222", "10.0.0.12:2222"],
    },
    "task": {"type": "chief", "index": 0},
}
os.environ["TF_CONFIG"] = json.dumps(tf_config)

import tensorflow as tf  # noqa: E402

strategy = tf.distribute.MultiWorkerMirroredStrategy()
