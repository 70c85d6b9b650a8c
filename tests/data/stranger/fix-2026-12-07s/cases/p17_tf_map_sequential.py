import json
import os

import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
GLOBAL_BATCH = 128 * strategy.num_replicas_in_sync
AUTOTUNE = tf.data.AUTOTUNE


def decode(record):
    feats = tf.io.parse_single_example(record, {
        "image": tf.io.FixedLenFeature([], tf.string),
        "label": tf.io.FixedLenFeature([], tf.int64),
    })
    img = tf.io.decode_jpeg(feats["image"], channels=3)
    img = tf.image.resize(img, (224, 224)) / 255.0
    return img, feats["label"]


files = tf.data.Dataset.list_files("/data/imagenet/train-*.tfrecord", shuffle=True)
ds = files.interleave(tf.data.TFRecordDataset, cycle_length=8, num_parallel_calls=AUTOTUNE)
ds = ds.map(decode)
ds = ds.shuffle(10000).batch(GLOBAL_BATCH).prefetch(AUTOTUNE)

with strategy.scope():
    model = tf.keras.applications.ResNet50(weights=None, classes=1000)
    model.compile("sgd", tf.keras.losses.SparseCategoricalCrossentropy(), metrics=["accuracy"])

model.fit(ds, epochs=90, steps_per_epoch=1281167 // GLOBAL_BATCH)
