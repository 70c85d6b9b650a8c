import json
import os

index = int(os.environ["WORKER_INDEX"])
os.environ["TF_CONFIG"] = json.dumps({
    "cluster": {"worker": ["10.0.0.11:2222", "10.0.0.12:2222"]},
    "task": {"type": "worker", "index": index},
})

import tensorflow as tf  # noqa: E402

strategy = tf.distribute.MultiWorkerMirroredStrategy()
