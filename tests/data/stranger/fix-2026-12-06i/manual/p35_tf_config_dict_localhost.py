import json
import os
import sys

tf_config = {
    "cluster": {
        "worker": ["192.168.10.11:20000", "192.168.10.12:20000"],
    },
    "task": {"type": "worker", "index": 0},
}
os.environ["TF_CONFIG"] = json.dumps(tf_config)

import tensorflow as tf  # noqa: E402

strategy = tf.distribute.MultiWorkerMirroredStrategy()
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(8,))])
    model.compile(optimizer="sgd", loss="mse")

ds = tf.data.Dataset.from_tensor_slices((tf.random.normal([1024, 8]), tf.random.normal([1024, 1])))
ds = ds.cache().shuffle(1024).batch(32 * strategy.num_replicas_in_sync).prefetch(tf.data.AUTOTUNE)
model.fit(ds, epochs=2)
