import json
import os

import tensorflow as tf

tf_config = json.loads(os.environ.get("TF_CONFIG", "{}"))
num_workers = len(tf_config.get("cluster", {}).get("worker", [])) or 1

strategy = tf.distribute.MultiWorkerMirroredStrategy()

PER_WORKER_BATCH = 64
global_batch = PER_WORKER_BATCH * strategy.num_replicas_in_sync


def mnist_dataset(batch_size):
    (x_train, y_train), _ = tf.keras.datasets.mnist.load_data()
    x_train = x_train / 255.0
    return (
        tf.data.Dataset.from_tensor_slices((x_train, y_train))
        .cache()
        .shuffle(60000)
        .repeat()
        .batch(batch_size)
        .prefetch(tf.data.AUTOTUNE)
    )


with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.InputLayer(input_shape=(28, 28)),
        tf.keras.layers.Reshape((28, 28, 1)),
        tf.keras.layers.Conv2D(32, 3, activation="relu"),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(10),
    ])
    model.compile(
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.001),
        metrics=["accuracy"],
    )

model.fit(mnist_dataset(global_batch), epochs=3, steps_per_epoch=70)
