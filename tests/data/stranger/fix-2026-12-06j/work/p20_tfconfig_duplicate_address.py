import json
import os
import sys
import tensorflow as tf

tf_config = {
    "cluster": {
        "chief": ["10.1.0.4:2222"],
        "worker": ["10.1.0.4:2222", "10.1.0.5:2222"],
    },
    "task": {"type": "worker", "index": 1},
}
os.environ["TF_CONFIG"] = json.dumps(tf_config)

strategy = tf.distribute.MultiWorkerMirroredStrategy()
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse")
