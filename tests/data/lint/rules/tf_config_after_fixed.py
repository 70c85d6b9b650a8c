import json
import os
import tensorflow as tf

os.environ["TF_CONFIG"] = json.dumps({"cluster": {"worker": ["10.0.0.1:12345", "10.0.0.2:12345"]},
                                      "task": {"type": "worker", "index": 0}})
strategy = tf.distribute.MultiWorkerMirroredStrategy()
