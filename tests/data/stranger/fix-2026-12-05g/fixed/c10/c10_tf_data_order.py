import json
import os

import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
print("workers:", json.loads(os.environ.get("TF_CONFIG", "{}")).get("cluster"))

(x_train, y_train), _ = tf.keras.datasets.mnist.load_data()
x_train = x_train[..., None].astype("float32") / 255.0

train_ds = (tf.data.Dataset.from_tensor_slices((x_train, y_train))
    .cache()
    .shuffle(10000)
    .batch(64 * strategy.num_replicas_in_sync)
    .prefetch(tf.data.AUTOTUNE))

with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.Conv2D(32, 3, activation="relu", input_shape=(28, 28, 1)),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(10),
    ])
    model.compile(
        optimizer="adam",
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=["accuracy"],
    )

model.fit(train_ds, epochs=3)
