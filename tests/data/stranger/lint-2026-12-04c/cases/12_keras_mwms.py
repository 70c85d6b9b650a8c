import json
import os
import sys

import tensorflow as tf

# worker list is fixed for this experiment
WORKERS = ["10.128.0.21:12345", "10.128.0.22:12345", "10.128.0.23:12345"]
PER_REPLICA_BATCH = 64


def make_dataset(global_batch):
    (x, y), _ = tf.keras.datasets.cifar10.load_data()
    x = x.astype("float32") / 255.0
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.cache().shuffle(50_000).batch(global_batch).prefetch(tf.data.AUTOTUNE)
    return ds


def build_model():
    return tf.keras.applications.ResNet50(weights=None, input_shape=(32, 32, 3), classes=10)


def main():
    worker_index = int(sys.argv[1])

    strategy = tf.distribute.MultiWorkerMirroredStrategy()

    os.environ["TF_CONFIG"] = json.dumps({
        "cluster": {"worker": WORKERS},
        "task": {"type": "worker", "index": worker_index},
    })

    global_batch = PER_REPLICA_BATCH * strategy.num_replicas_in_sync
    ds = make_dataset(global_batch)
    with strategy.scope():
        model = build_model()
        model.compile(optimizer=tf.keras.optimizers.SGD(0.1, momentum=0.9),
                      loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    model.fit(ds, epochs=30)


if __name__ == "__main__":
    main()
