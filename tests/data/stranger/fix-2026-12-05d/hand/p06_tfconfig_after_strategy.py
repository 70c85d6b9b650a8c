import json
import os
import sys

import tensorflow as tf

WORKERS = ["10.10.0.11:2222", "10.10.0.12:2222"]
index = int(sys.argv[1])

os.environ["TF_CONFIG"] = json.dumps({
    "cluster": {"worker": WORKERS},
    "task": {"type": "worker", "index": index},
})

strategy = tf.distribute.MultiWorkerMirroredStrategy()


with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(10,))])
    model.compile(optimizer="adam", loss="mse")

ds = tf.data.Dataset.from_tensor_slices((tf.random.normal([1024, 10]), tf.random.normal([1024, 1])))
ds = ds.cache().shuffle(1024).batch(32 * strategy.num_replicas_in_sync).prefetch(tf.data.AUTOTUNE)
model.fit(ds, epochs=2)
