"""Runs on each worker; TF_CONFIG comes from the launcher (the TFJob operator)."""
import json
import os

import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
task = json.loads(os.environ.get("TF_CONFIG", "{}")).get("task", {})

PER_REPLICA_BATCH = 32
GLOBAL_BATCH = PER_REPLICA_BATCH * strategy.num_replicas_in_sync


def dataset():
    (x, y), _ = tf.keras.datasets.cifar10.load_data()
    ds = tf.data.Dataset.from_tensor_slices((x.astype("float32") / 255.0, y))
    return ds.cache().shuffle(50000).batch(GLOBAL_BATCH).prefetch(tf.data.AUTOTUNE)


with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.Input(shape=(32, 32, 3)),
        tf.keras.layers.Conv2D(64, 3, activation="relu"),
        tf.keras.layers.GlobalAveragePooling2D(),
        tf.keras.layers.Dense(10),
    ])
    model.compile(optimizer="adam",
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])

is_chief = task.get("type", "worker") == "worker" and task.get("index", 0) == 0
ckpt_dir = "/ckpt/model" if is_chief else f"/tmp/ckpt_worker{task.get('index')}"
model.fit(dataset(), epochs=10,
          callbacks=[tf.keras.callbacks.ModelCheckpoint(ckpt_dir + "/{epoch:02d}.keras")])
