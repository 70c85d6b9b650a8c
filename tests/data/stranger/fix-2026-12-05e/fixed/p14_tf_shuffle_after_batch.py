import tensorflow as tf

PER_REPLICA_BATCH = 32

strategy = tf.distribute.MultiWorkerMirroredStrategy()
global_batch = PER_REPLICA_BATCH * strategy.num_replicas_in_sync


def parse(record):
    feats = tf.io.parse_single_example(record, {
        "image": tf.io.FixedLenFeature([], tf.string),
        "label": tf.io.FixedLenFeature([], tf.int64),
    })
    img = tf.io.decode_jpeg(feats["image"], channels=3)
    img = tf.image.resize(img, (224, 224)) / 255.0
    return img, feats["label"]


files = tf.data.Dataset.list_files("gs://acme-data/imagenet/train-*")
train_ds = tf.data.TFRecordDataset(files, num_parallel_reads=tf.data.AUTOTUNE)
train_ds = train_ds.map(parse, num_parallel_calls=tf.data.AUTOTUNE).shuffle(10000).batch(global_batch).prefetch(tf.data.AUTOTUNE)

with strategy.scope():
    model = tf.keras.applications.ResNet50(weights=None, classes=1000)
    model.compile("sgd", "sparse_categorical_crossentropy", metrics=["accuracy"])

model.fit(train_ds, epochs=90, steps_per_epoch=5000)
