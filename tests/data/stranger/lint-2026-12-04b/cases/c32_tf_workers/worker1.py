import json
import os

os.environ["TF_CONFIG"] = json.dumps({
    "cluster": {"worker": ["10.0.0.21:23456", "10.0.0.22:23456"]},
    "task": {"type": "worker", "index": 1},
})

import tensorflow as tf  # noqa: E402

from common import build_and_compile_model, make_dataset  # noqa: E402

strategy = tf.distribute.MultiWorkerMirroredStrategy()
with strategy.scope():
    model = build_and_compile_model()
model.fit(make_dataset(128), epochs=5, steps_per_epoch=200)
