import json
import os

import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()

PER_REPLICA_BATCH = 128
global_batch = PER_REPLICA_BATCH * strategy.num_replicas_in_sync


def load_mnist():
    (x, y), _ = tf.keras.datasets.mnist.load_data()
    x = (x / 255.0).astype("float32")[..., None]
    return x, y


x_train, y_train = load_mnist()
train_ds = (
    tf.data.Dataset.from_tensor_slices((x_train, y_train))
    .cache()
    .batch(global_batch)
    .shuffle(10000)
    .prefetch(tf.data.AUTOTUNE)
)

with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.Conv2D(32, 3, activation="relu", input_shape=(28, 28, 1)),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(10),
    ])
    model.compile(
        optimizer=tf.keras.optimizers.Adam(1e-3),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=["accuracy"],
    )

model.fit(train_ds, epochs=5)
