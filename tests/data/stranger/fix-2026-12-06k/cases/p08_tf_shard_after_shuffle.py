import json
import os

import tensorflow as tf

tf_config = json.loads(os.environ["TF_CONFIG"])
num_workers = len(tf_config["cluster"]["worker"])
worker_index = tf_config["task"]["index"]

strategy = tf.distribute.MultiWorkerMirroredStrategy()

files = tf.data.Dataset.list_files("/data/train-*.tfrecord", shuffle=False)
ds = tf.data.TFRecordDataset(files)
ds = ds.shuffle(10000).shard(num_workers, worker_index)
ds = ds.batch(64 * strategy.num_replicas_in_sync).prefetch(tf.data.AUTOTUNE)
options = tf.data.Options()
options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
ds = ds.with_options(options)

with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(10)])
    model.compile(optimizer="adam", loss="mse")
model.fit(ds, epochs=3, steps_per_epoch=500)
