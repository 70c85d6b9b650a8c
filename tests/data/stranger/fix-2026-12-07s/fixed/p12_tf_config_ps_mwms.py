import json
import os

import tensorflow as tf

tf_config = {
    "cluster": {
        "worker": ["10.40.0.11:2222", "10.40.0.12:2222"],
        "ps": ["10.40.0.13:2222"],
    },
    "task": {"type": "worker", "index": int(os.environ.get("WORKER_INDEX", "0"))},
}
os.environ["TF_CONFIG"] = json.dumps(tf_config)

strategy = tf.distribute.MultiWorkerMirroredStrategy()
GLOBAL_BATCH = 64 * strategy.num_replicas_in_sync


def make_ds():
    (x, y), _ = tf.keras.datasets.mnist.load_data()
    ds = tf.data.Dataset.from_tensor_slices((x / 255.0, y))
    return ds.shuffle(60000).batch(GLOBAL_BATCH).prefetch(tf.data.AUTOTUNE)


with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.Flatten(input_shape=(28, 28)),
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(10),
    ])
    model.compile(optimizer="adam",
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])

model.fit(make_ds(), epochs=3)
