import json
import os

import tensorflow as tf

tf_config = {
    "cluster": {
        "chief": ["10.20.0.11:2222", "10.20.0.12:2222"],
        "worker": ["10.20.0.13:2222"],
    },
    "task": {"type": "chief", "index": 0},
}
os.environ["TF_CONFIG"] = json.dumps(tf_config)

strategy = tf.distribute.MultiWorkerMirroredStrategy()
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(8,))])
    model.compile(optimizer="sgd", loss="mse")
