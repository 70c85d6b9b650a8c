import json
import os

import tensorflow as tf

AUTOTUNE = tf.data.AUTOTUNE
PER_REPLICA_BATCH = 128

strategy = tf.distribute.MultiWorkerMirroredStrategy()
global_batch = PER_REPLICA_BATCH * strategy.num_replicas_in_sync


def parse(record):
    feats = tf.io.parse_single_example(record, {
        "image": tf.io.FixedLenFeature([], tf.string),
        "label": tf.io.FixedLenFeature([], tf.int64),
    })
    img = tf.io.decode_jpeg(feats["image"], channels=3)
    img = tf.image.resize(img, [224, 224]) / 255.0
    return img, feats["label"]


files = tf.data.Dataset.list_files("/data/imagenet/train-*.tfrecord", shuffle=True)
ds = files.interleave(tf.data.TFRecordDataset, num_parallel_calls=AUTOTUNE, deterministic=False)
ds = ds.shuffle(10000).map(parse, num_parallel_calls=AUTOTUNE).batch(global_batch).prefetch(AUTOTUNE)

with strategy.scope():
    model = tf.keras.applications.ResNet50(weights=None, classes=1000)
    model.compile(optimizer="sgd", loss="sparse_categorical_crossentropy", metrics=["accuracy"])

model.fit(ds, epochs=90)
