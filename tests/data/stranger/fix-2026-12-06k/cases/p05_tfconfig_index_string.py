import json
import os
import sys

import tensorflow as tf

os.environ["TF_CONFIG"] = json.dumps({
    "cluster": {"worker": ["10.20.0.11:12345", "10.20.0.12:12345"]},
    "task": {"type": "worker", "index": "1"},
})

strategy = tf.distribute.MultiWorkerMirroredStrategy()
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(10, input_shape=(32,))])
    model.compile(optimizer="adam", loss="mse")
