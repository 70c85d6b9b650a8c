import json
import os

import tensorflow as tf

tf_config = json.loads(os.environ["TF_CONFIG"])
num_workers = len(tf_config["cluster"]["worker"])

strategy = tf.distribute.MultiWorkerMirroredStrategy()

PER_WORKER_BATCH = 64
global_batch = PER_WORKER_BATCH * num_workers

(x_train, y_train), _ = tf.keras.datasets.mnist.load_data()
ds = tf.data.Dataset.from_tensor_slices((x_train / 255.0, y_train))
ds = ds.cache().shuffle(60000).batch(global_batch).prefetch(tf.data.AUTOTUNE)

with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Flatten(input_shape=(28, 28)), tf.keras.layers.Dense(10)])
    model.compile(optimizer="adam",
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])

model.fit(ds, epochs=3, steps_per_epoch=60000 // global_batch)
