import json
import os

import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()

tf_config = json.loads(os.environ["TF_CONFIG"])
task = tf_config["task"]
is_chief = task["type"] == "chief" or (task["type"] == "worker" and task["index"] == 0)

PER_REPLICA_BATCH = 64
GLOBAL_BATCH = PER_REPLICA_BATCH * strategy.num_replicas_in_sync


def make_ds(split):
    (x, y), (xv, yv) = tf.keras.datasets.mnist.load_data()
    if split == "train":
        ds = tf.data.Dataset.from_tensor_slices((x / 255.0, y))
        return ds.cache().shuffle(60000).repeat().batch(GLOBAL_BATCH).prefetch(tf.data.AUTOTUNE)
    ds = tf.data.Dataset.from_tensor_slices((xv / 255.0, yv))
    return ds.batch(GLOBAL_BATCH).prefetch(tf.data.AUTOTUNE)


with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.Flatten(input_shape=(28, 28)),
        tf.keras.layers.Dense(256, activation="relu"),
        tf.keras.layers.Dense(10),
    ])
    model.compile(
        optimizer=tf.keras.optimizers.Adam(1e-3),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=["accuracy"],
    )

model.fit(make_ds("train"), epochs=5, steps_per_epoch=500)

if is_chief:
    loss, acc = model.evaluate(make_ds("val"), steps=50)
    print(f"val loss {loss:.4f} acc {acc:.4f}")
