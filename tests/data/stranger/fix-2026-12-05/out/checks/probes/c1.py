import tensorflow as tf
strategy = tf.distribute.MultiWorkerMirroredStrategy()
ds = tf.data.TFRecordDataset(["a"])
ds = ds.batch(64).shuffle(1000).prefetch(2)
model = None
model.fit(ds, epochs=1)
