import os
import sys

import tensorflow as tf

WORKERS = ["tfw-0.tfw:12345", "tfw-1.tfw:12345"]
index = int(sys.argv[1])

config = {"cluster": {"worker": WORKERS}, "task": {"type": "worker", "index": index}}
os.environ["TF_CONFIG"] = "{'cluster': {'worker': ['tfw-0.tfw:12345']}}"

strategy = tf.distribute.MultiWorkerMirroredStrategy()
BATCH = 32 * strategy.num_replicas_in_sync

(x, y), _ = tf.keras.datasets.fashion_mnist.load_data()
ds = tf.data.Dataset.from_tensor_slices((x / 255.0, y)).shuffle(10000).batch(BATCH).prefetch(tf.data.AUTOTUNE)

with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Flatten(), tf.keras.layers.Dense(10)])
    model.compile("adam", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))

model.fit(ds, epochs=2)
