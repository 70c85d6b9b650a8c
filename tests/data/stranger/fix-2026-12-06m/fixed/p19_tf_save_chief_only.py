import json
import os

import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
task = json.loads(os.environ["TF_CONFIG"])["task"]
is_chief = task["type"] == "chief" or (task["type"] == "worker" and task["index"] == 0)

per_replica = 64
global_batch = per_replica * strategy.num_replicas_in_sync

(x, y), _ = tf.keras.datasets.mnist.load_data()
ds = tf.data.Dataset.from_tensor_slices((x / 255.0, y)).cache().shuffle(60000).batch(global_batch).prefetch(tf.data.AUTOTUNE)

with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.Flatten(input_shape=(28, 28)),
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(10),
    ])
    model.compile(optimizer="adam",
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))

model.fit(ds, epochs=3, steps_per_epoch=200)

# only the chief writes the model
if is_chief:
    model.save("/shared/models/mnist")
