import argparse
import json
import os

parser = argparse.ArgumentParser()
parser.add_argument("--index", type=int, required=True)
parser.add_argument("--workers", default="10.0.0.11:12345,10.0.0.12:12345")
args = parser.parse_args()

tf_config = {
    "cluster": {"worker": args.workers.split(",")},
    "task": {"type": "worker", "index": args.index},
}
os.environ["TF_CONFIG"] = json.dumps(tf_config)

import tensorflow as tf  # noqa: E402  (after TF_CONFIG on purpose)

PER_WORKER_BATCH = 64
strategy = tf.distribute.MultiWorkerMirroredStrategy()
global_batch = PER_WORKER_BATCH * strategy.num_replicas_in_sync


def dataset(batch):
    (x, y), _ = tf.keras.datasets.mnist.load_data()
    ds = tf.data.Dataset.from_tensor_slices((x / 255.0, y))
    return ds.shuffle(60000).repeat().batch(batch).prefetch(tf.data.AUTOTUNE)


with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.Input(shape=(28, 28)),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(10),
    ])
    model.compile(optimizer="adam",
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])

model.fit(dataset(global_batch), epochs=3, steps_per_epoch=70)
