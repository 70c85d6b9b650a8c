import tensorflow as tf

AUTOTUNE = tf.data.AUTOTUNE
PER_REPLICA_BATCH = 32

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


files = tf.data.Dataset.list_files("gs://my-bucket/train-*.tfrecord", shuffle=True)
train_ds = tf.data.TFRecordDataset(files, num_parallel_reads=AUTOTUNE)
train_ds = train_ds.map(parse, num_parallel_calls=AUTOTUNE)
train_ds = train_ds.batch(global_batch).shuffle(1024).prefetch(AUTOTUNE)

with strategy.scope():
    model = tf.keras.applications.ResNet50(weights=None, classes=1000)
    model.compile(optimizer="sgd", loss="sparse_categorical_crossentropy")

model.fit(train_ds, epochs=10, steps_per_epoch=5000)
