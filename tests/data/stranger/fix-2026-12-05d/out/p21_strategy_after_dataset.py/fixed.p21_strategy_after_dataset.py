import tensorflow as tf

BATCH_PER_REPLICA = 64

strategy = tf.distribute.MultiWorkerMirroredStrategy()
raw = tf.data.TFRecordDataset(tf.io.gfile.glob("gs://my-bucket/train/*.tfrecord"))


def parse(example):
    feats = tf.io.parse_single_example(example, {
        "image": tf.io.FixedLenFeature([], tf.string),
        "label": tf.io.FixedLenFeature([], tf.int64),
    })
    img = tf.image.resize(tf.io.decode_jpeg(feats["image"], channels=3), (224, 224)) / 255.0
    return img, feats["label"]


global_batch = BATCH_PER_REPLICA * strategy.num_replicas_in_sync

train = raw.map(parse, num_parallel_calls=tf.data.AUTOTUNE).shuffle(10_000).batch(global_batch).prefetch(tf.data.AUTOTUNE)

with strategy.scope():
    model = tf.keras.applications.EfficientNetB0(weights=None, classes=1000)
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])

model.fit(train, epochs=30, steps_per_epoch=5000)
