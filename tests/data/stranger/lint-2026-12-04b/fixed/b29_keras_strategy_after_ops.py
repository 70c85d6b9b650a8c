import json
import os

import tensorflow as tf

PER_WORKER_BATCH = 64


def make_dataset(batch):
    (x, y), _ = tf.keras.datasets.mnist.load_data()
    x = x.astype("float32") / 255.0
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    return ds.shuffle(60000).repeat().batch(batch).prefetch(tf.data.AUTOTUNE)


def build_model():
    return tf.keras.Sequential([
        tf.keras.layers.Input(shape=(28, 28)),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(10),
    ])


tf_config = json.loads(os.environ["TF_CONFIG"])
num_workers = len(tf_config["cluster"]["worker"])

global_batch = PER_WORKER_BATCH * num_workers
strategy = tf.distribute.MultiWorkerMirroredStrategy()
dataset = tf.data.Dataset.range(10).map(lambda i: i * 2)
print("sanity:", list(dataset.take(3).as_numpy_iterator()))

multi_worker_dataset = make_dataset(global_batch)

with strategy.scope():
    model = build_model()
    model.compile(
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.001),
        metrics=["accuracy"],
    )

model.fit(multi_worker_dataset, epochs=3, steps_per_epoch=70)
