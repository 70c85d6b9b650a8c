import os

import numpy as np
import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
per_worker_batch = 64
global_batch_size = per_worker_batch * strategy.num_replicas_in_sync


def make_dataset():
    features = np.load("/data/features.npy")
    labels = np.load("/data/labels.npy")
    ds = tf.data.Dataset.from_tensor_slices((features, labels))
    ds = ds.cache().shuffle(len(labels)).batch(global_batch_size).prefetch(tf.data.AUTOTUNE)
    return ds.repeat()


with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.Input(shape=(128,)),
        tf.keras.layers.Dense(256, activation="relu"),
        tf.keras.layers.Dense(1),
    ])
    model.compile(optimizer="adam", loss="mse")

model.fit(make_dataset(), epochs=20, steps_per_epoch=1000,
          callbacks=[tf.keras.callbacks.BackupAndRestore(backup_dir="/ckpt/backup")])
