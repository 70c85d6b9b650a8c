import os
import json
import tensorflow as tf

os.environ["TF_CONFIG"] = json.dumps({
    "cluster": {"worker": ["localhost:12345", "localhost:12345"], "chief": ["host0:2222"]},
    "task": {"type": "worker", "index": 2},
})
strategy = tf.distribute.MultiWorkerMirroredStrategy()
ds = tf.data.Dataset.range(100).batch(32)
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
    model.compile("sgd", "mse")
model.fit(ds, epochs=1)
