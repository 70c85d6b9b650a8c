import json
import os
import sys

import tensorflow as tf

os.environ["TF_CONFIG"] = json.dumps({
    "cluster": {"worker": ["10.1.0.4:12345", "10.1.0.5:12345"]},
    "task": {"type": "worker", "index": worker_index},
})
strategy = tf.distribute.MultiWorkerMirroredStrategy()

worker_index = int(sys.argv[1])

def make_ds():
    ds = tf.data.Dataset.range(1000).map(lambda i: (tf.cast(i, tf.float32), tf.cast(i % 2, tf.float32)))
    return ds.cache().shuffle(1000).batch(32 * strategy.num_replicas_in_sync).prefetch(tf.data.AUTOTUNE)

with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(1,))])
    model.compile(optimizer="sgd", loss="mse")

model.fit(make_ds(), epochs=2)
