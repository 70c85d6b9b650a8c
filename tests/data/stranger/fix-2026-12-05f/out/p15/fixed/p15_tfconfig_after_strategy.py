import json
import os
import sys

import tensorflow as tf

worker_index = int(sys.argv[1])
strategy = tf.distribute.MultiWorkerMirroredStrategy()

os.environ["TF_CONFIG"] = json.dumps({
    "cluster": {"worker": ["trainer-0.trainer:12345", "trainer-1.trainer:12345"]},
    "task": {"type": "worker", "index": worker_index},
})

with strategy.scope():
    model = tf.keras.applications.ResNet50(weights=None, classes=10)
    model.compile(optimizer="sgd", loss="sparse_categorical_crossentropy")
