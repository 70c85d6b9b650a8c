import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
GLOBAL = 64 * strategy.num_replicas_in_sync

def parse(rec):
    feats = tf.io.parse_single_example(rec, {"x": tf.io.FixedLenFeature([20], tf.float32), "y": tf.io.FixedLenFeature([], tf.int64)})
    return feats["x"], feats["y"]

files = tf.data.Dataset.list_files("gs://bucket/train-*.tfrecord", shuffle=True)
ds = files.interleave(tf.data.TFRecordDataset, num_parallel_calls=tf.data.AUTOTUNE)
ds = ds.map(parse, num_parallel_calls=tf.data.AUTOTUNE).shuffle(10000).batch(GLOBAL).repeat().prefetch(tf.data.AUTOTUNE)

with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(10)])
    model.compile(optimizer="sgd", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))

model.fit(ds, epochs=10, steps_per_epoch=1000)
