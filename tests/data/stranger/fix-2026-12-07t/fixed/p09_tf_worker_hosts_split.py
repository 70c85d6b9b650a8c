# MultiWorkerMirroredStrategy on 2 machines. Each machine exports:
#   WORKER_HOSTS="10.20.0.11:12345,10.20.0.12:12345"
#   WORKER_INDEX=0   (1 on the second machine)
import json
import os

import tensorflow as tf

workers = os.environ["WORKER_HOSTS"].split()
os.environ["TF_CONFIG"] = json.dumps({
    "cluster": {"worker": workers},
    "task": {"type": "worker", "index": int(os.environ["WORKER_INDEX"])},
})

strategy = tf.distribute.MultiWorkerMirroredStrategy()
AUTOTUNE = tf.data.AUTOTUNE
PER_REPLICA_BATCH = 64
global_batch = PER_REPLICA_BATCH * strategy.num_replicas_in_sync

(x, y), _ = tf.keras.datasets.mnist.load_data()
x = x.astype("float32") / 255.0
ds = (tf.data.Dataset.from_tensor_slices((x, y))
      .cache()
      .shuffle(60000)
      .batch(global_batch)
      .prefetch(AUTOTUNE))

with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.Flatten(input_shape=(28, 28)),
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(10),
    ])
    model.compile(optimizer="adam",
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])

model.fit(ds, epochs=3)
