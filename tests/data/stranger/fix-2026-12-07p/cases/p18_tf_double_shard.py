# MultiWorkerMirroredStrategy, 4 workers (TF_CONFIG set by the TFJob operator); ImageNet as 1024 TFRecord files
import json
import os

import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
task = json.loads(os.environ["TF_CONFIG"])["task"]
num_workers = strategy.cluster_resolver.cluster_spec().num_tasks("worker")
task_index = task["index"]

PER_REPLICA_BATCH = 128
GLOBAL_BATCH = PER_REPLICA_BATCH * strategy.num_replicas_in_sync


def parse(record):
    feats = tf.io.parse_single_example(record, {
        "image/encoded": tf.io.FixedLenFeature([], tf.string),
        "image/class/label": tf.io.FixedLenFeature([], tf.int64),
    })
    img = tf.image.resize(tf.io.decode_jpeg(feats["image/encoded"], channels=3), (224, 224)) / 255.0
    return img, feats["image/class/label"] - 1


files = tf.data.Dataset.list_files("/data/imagenet/train-*-of-01024", shuffle=False)
files = files.shard(num_workers, task_index)  # each worker reads its own quarter of the files
ds = files.interleave(tf.data.TFRecordDataset, cycle_length=16, num_parallel_calls=tf.data.AUTOTUNE)
ds = ds.map(parse, num_parallel_calls=tf.data.AUTOTUNE)
ds = ds.shuffle(10000).batch(GLOBAL_BATCH).prefetch(tf.data.AUTOTUNE)
dist_ds = strategy.experimental_distribute_dataset(ds)

with strategy.scope():
    model = tf.keras.applications.ResNet50(weights=None)
    model.compile(optimizer=tf.keras.optimizers.SGD(0.1, momentum=0.9),
                  loss="sparse_categorical_crossentropy", metrics=["accuracy"])

model.fit(dist_ds, epochs=90, steps_per_epoch=1281167 // GLOBAL_BATCH)
