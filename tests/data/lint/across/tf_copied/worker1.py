# worker 1, copied from worker 0 without changing the task index
import json
import os

import tensorflow as tf

os.environ["TF_CONFIG"] = json.dumps({"cluster": {"worker": ["host1:12345", "host2:12345"]},
                                      "task": {"type": "worker", "index": 0}})
strategy = tf.distribute.MultiWorkerMirroredStrategy()
