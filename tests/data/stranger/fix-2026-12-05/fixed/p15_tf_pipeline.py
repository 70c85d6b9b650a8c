import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()


def make_ds(files):
    ds = tf.data.TFRecordDataset(files)
    ds = ds.map(parse_example, num_parallel_calls=tf.data.AUTOTUNE)
    ds = ds.batch(64 * strategy.num_replicas_in_sync).shuffle(1000).prefetch(2)
    return ds


def parse_example(rec):
    feats = tf.io.parse_single_example(rec, {"x": tf.io.FixedLenFeature([784], tf.float32),
                                             "y": tf.io.FixedLenFeature([], tf.int64)})
    return feats["x"], feats["y"]


with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(10)])
    model.compile(optimizer="adam", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))

model.fit(make_ds(["/data/train-0.tfrecord"]).repeat(), epochs=3, steps_per_epoch=500)
