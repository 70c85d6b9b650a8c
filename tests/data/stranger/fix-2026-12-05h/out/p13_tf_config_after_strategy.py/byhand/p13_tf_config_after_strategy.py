import json
import os
import sys

import tensorflow as tf

worker_index = int(sys.argv[1])
os.environ["TF_CONFIG"] = json.dumps({
    "cluster": {"worker": ["10.0.0.21:12345", "10.0.0.22:12345"]},
    "task": {"type": "worker", "index": worker_index},
})
strategy = tf.distribute.MultiWorkerMirroredStrategy()


with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.Input(shape=(28, 28)),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(10),
    ])
    model.compile(optimizer="adam",
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])

(x, y), _ = tf.keras.datasets.mnist.load_data()
ds = (tf.data.Dataset.from_tensor_slices((x / 255.0, y))
      .cache()
      .shuffle(60000)
      .batch(64 * strategy.num_replicas_in_sync)
      .prefetch(tf.data.AUTOTUNE))
model.fit(ds, epochs=3)
