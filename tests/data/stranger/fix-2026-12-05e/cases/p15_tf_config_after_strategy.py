import json
import os
import sys

import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()

worker_index = int(sys.argv[1])
os.environ["TF_CONFIG"] = json.dumps({
    "cluster": {"worker": ["tf-w0.lab:2222", "tf-w1.lab:2222"]},
    "task": {"type": "worker", "index": worker_index},
})

GLOBAL = 64 * strategy.num_replicas_in_sync
ds = tf.data.Dataset.from_tensor_slices(tf.random.uniform([4096, 10])).batch(GLOBAL)

with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Input(shape=(10,)), tf.keras.layers.Dense(1)])
    model.compile("adam", "mse")
model.fit(ds.map(lambda x: (x, x[:, :1])), epochs=3)
