import json
import os
import sys

import tensorflow as tf

WORKERS = ["tfw-0.tfw:12345", "tfw-1.tfw:12345"]
os.environ["TF_CONFIG"] = json.dumps(
    {"cluster": {"worker": WORKERS}, "task": {"type": "worker", "index": int(sys.argv[1])}}
)

strategy = tf.distribute.MultiWorkerMirroredStrategy()
GLOBAL_BATCH = 32 * strategy.num_replicas_in_sync


def make_ds():
    (x, y), _ = tf.keras.datasets.fashion_mnist.load_data()
    ds = tf.data.Dataset.from_tensor_slices((x / 255.0, y))
    ds = ds.map(lambda a, b: (tf.cast(a, tf.float32), b), num_parallel_calls=tf.data.AUTOTUNE)
    return ds.shuffle(10000).batch(GLOBAL_BATCH).prefetch(tf.data.AUTOTUNE)


with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Flatten(), tf.keras.layers.Dense(10)])
    model.compile("adam", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))

model.fit(make_ds(), epochs=2)
