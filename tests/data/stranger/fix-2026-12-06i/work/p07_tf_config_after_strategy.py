import json
import os
import sys

import tensorflow as tf

worker_index = int(sys.argv[1])

strategy = tf.distribute.MultiWorkerMirroredStrategy()

os.environ["TF_CONFIG"] = json.dumps({
    "cluster": {"worker": ["10.0.0.5:12345", "10.0.0.6:12345"]},
    "task": {"type": "worker", "index": worker_index},
})

def make_dataset(batch):
    ds = tf.data.Dataset.range(100000).map(lambda i: (tf.cast(i, tf.float32), tf.cast(i % 2, tf.float32)))
    return ds.cache().shuffle(1000).batch(batch).prefetch(tf.data.AUTOTUNE)

with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(16, activation="relu"), tf.keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse")

model.fit(make_dataset(64 * strategy.num_replicas_in_sync), epochs=3, steps_per_epoch=200)
