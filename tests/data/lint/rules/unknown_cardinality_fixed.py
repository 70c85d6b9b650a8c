import tensorflow as tf

files = tf.data.Dataset.list_files("/data/train-*.tfrecord")
ds = files.interleave(tf.data.TFRecordDataset).cache().shuffle(1000)
ds = ds.repeat().batch(256).prefetch(tf.data.AUTOTUNE)
model.fit(ds, epochs=10, steps_per_epoch=500)
