import json
import os
import sys

import tensorflow as tf

index = int(sys.argv[1])
tf_config = {
    "cluster": {"worker": ["localhost:12345", "10.0.0.12:12345"]},
    "task": {"type": "worker", "index": index},
}
os.environ["TF_CONFIG"] = json.dumps(tf_config)

strategy = tf.distribute.MultiWorkerMirroredStrategy()
