import json
import os

import tensorflow as tf

os.environ["TF_CONFIG"] = json.dumps({
    "cluster": {
        "chief": ["10.20.0.11:2222"],
        "worker": ["10.20.0.12:2222", "10.20.0.13:2222"],
    },
    "task": {"type": "worker", "index": 1},
})

strategy = tf.distribute.MultiWorkerMirroredStrategy()
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(8,))])
    model.compile(optimizer="sgd", loss="mse")
