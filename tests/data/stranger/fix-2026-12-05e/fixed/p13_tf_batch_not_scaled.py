import json
import os

import tensorflow as tf

BATCH_SIZE = 64
EPOCHS = 10

strategy = tf.distribute.MultiWorkerMirroredStrategy()
print("replicas:", strategy.num_replicas_in_sync)


def make_dataset():
    (x, y), _ = tf.keras.datasets.mnist.load_data()
    x = x.astype("float32") / 255.0
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(60000).repeat()
    ds = ds.batch(BATCH_SIZE)
    ds = ds.prefetch(tf.data.AUTOTUNE)
    return ds


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

model.fit(make_dataset(), epochs=EPOCHS, steps_per_epoch=200)
