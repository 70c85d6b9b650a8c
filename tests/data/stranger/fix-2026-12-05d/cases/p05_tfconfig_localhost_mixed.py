"""Worker 0 of a 3-worker job; launched by hand on gpu-a (the chief), gpu-b and gpu-c."""
import json
import os

tf_config = {
    "cluster": {
        "worker": ["localhost:12345", "gpu-b.lab.internal:12345", "gpu-c.lab.internal:12345"]
    },
    "task": {"type": "worker", "index": 0},
}
os.environ["TF_CONFIG"] = json.dumps(tf_config)

import tensorflow as tf  # noqa: E402

strategy = tf.distribute.MultiWorkerMirroredStrategy()
with strategy.scope():
    model = tf.keras.applications.ResNet50(weights=None, classes=100)
    model.compile("sgd", "sparse_categorical_crossentropy")

ds = tf.data.Dataset.load("/data/cifar100_train")
ds = ds.cache().shuffle(50_000).batch(64 * strategy.num_replicas_in_sync).prefetch(tf.data.AUTOTUNE)
model.fit(ds, epochs=10)
