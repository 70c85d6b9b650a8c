import json
import os
import tensorflow as tf

os.environ["TF_CONFIG"] = json.dumps({
    "cluster": {
        "chief": ["10.1.0.4:2222"],
        "worker": ["10.1.0.5:2222", "10.1.0.6:2222"],
    },
    "task": {"type": os.environ["TASK_TYPE"], "index": int(os.environ["TASK_INDEX"])},
})

strategy = tf.distribute.MultiWorkerMirroredStrategy()
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse")
