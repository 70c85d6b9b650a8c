import json
import os

import tensorflow as tf

os.environ["TF_CONFIG"] = json.dumps({
    "cluster": {"worker": ["host1:12345", "host2:12345"]},
    "task": {"type": "worker", "index": 0},
})

(x, y), _ = tf.keras.datasets.mnist.load_data()
dataset = tf.data.Dataset.from_tensor_slices((x, y)).cache().shuffle(10000).batch(64).prefetch(tf.data.AUTOTUNE)

strategy = tf.distribute.MultiWorkerMirroredStrategy()
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Flatten(), tf.keras.layers.Dense(10)])
    model.compile("adam", "sparse_categorical_crossentropy")

model.fit(dataset, epochs=5)
