import json
import os

import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
PER_WORKER_BATCH = 64
global_batch = PER_WORKER_BATCH * strategy.num_replicas_in_sync


def make_dataset():
    (x, y), _ = tf.keras.datasets.mnist.load_data()
    x = x.astype("float32") / 255.0
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.batch(global_batch).shuffle(10000).repeat().prefetch(tf.data.AUTOTUNE)
    return ds


with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.Flatten(input_shape=(28, 28)),
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(10),
    ])
    model.compile(optimizer="adam",
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])

model.fit(make_dataset(), epochs=3, steps_per_epoch=70)
