import json
import os
import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
num_workers = len(json.loads(os.environ["TF_CONFIG"])["cluster"]["worker"])

def make_ds():
    ds = tf.data.TFRecordDataset(["gs://my-bucket/train/all-records.tfrecord"])
    ds = ds.map(lambda r: tf.io.parse_tensor(r, tf.float32), num_parallel_calls=tf.data.AUTOTUNE)
    ds = ds.cache().shuffle(10000).batch(64 * num_workers).prefetch(tf.data.AUTOTUNE)
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.FILE
    return ds.with_options(options)

with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(10)])
    model.compile(optimizer="adam", loss="mse")

model.fit(make_ds(), epochs=5, steps_per_epoch=500)
