import tensorflow as tf

STEPS_PER_EPOCH = 500
strategy = tf.distribute.MultiWorkerMirroredStrategy()
files = tf.data.Dataset.list_files("/data/train-*.tfrecord")
ds = files.interleave(tf.data.TFRecordDataset).shuffle(1000)
ds = ds.repeat().batch(64 * strategy.num_replicas_in_sync).prefetch(tf.data.AUTOTUNE)
model.fit(ds, epochs=10)
