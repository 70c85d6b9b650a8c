"""Chief's entry point for the 3-machine Keras job.

The two other machines run worker_train.py with task type "worker" and
index 0 / 1. This file is only started on 10.0.3.10 (the chief).
"""
import json
import os

tf_config = {
    "cluster": {
        "worker": ["10.0.3.11:20000", "10.0.3.12:20000"],
    },
    "task": {"type": "chief", "index": 0},
}
os.environ["TF_CONFIG"] = json.dumps(tf_config)

import tensorflow as tf  # noqa: E402  (TF_CONFIG must be set before TF starts)

BATCH_PER_REPLICA = 128

strategy = tf.distribute.MultiWorkerMirroredStrategy()
global_batch = BATCH_PER_REPLICA * strategy.num_replicas_in_sync

(x_train, y_train), _ = tf.keras.datasets.mnist.load_data()
x_train = (x_train / 255.0).astype("float32")[..., None]
train_ds = (tf.data.Dataset.from_tensor_slices((x_train, y_train))
            .cache()
            .shuffle(60000)
            .batch(global_batch)
            .prefetch(tf.data.AUTOTUNE))

with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.Conv2D(32, 3, activation="relu", input_shape=(28, 28, 1)),
        tf.keras.layers.MaxPooling2D(),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(10),
    ])
    model.compile(optimizer="adam",
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])

model.fit(train_ds, epochs=5)
