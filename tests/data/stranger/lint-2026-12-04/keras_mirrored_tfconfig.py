import json, os
import tensorflow as tf
os.environ["TF_CONFIG"] = json.dumps({"cluster": {"worker": ["w0:2222", "w1:2222"]}, "task": {"type": "worker", "index": int(os.environ["IDX"])}})
strategy = tf.distribute.MirroredStrategy()
ds = tf.data.Dataset.range(1000).shuffle(1000).batch(32 * strategy.num_replicas_in_sync).prefetch(tf.data.AUTOTUNE)
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
    model.compile("sgd", "mse")
model.fit(ds, epochs=1)
