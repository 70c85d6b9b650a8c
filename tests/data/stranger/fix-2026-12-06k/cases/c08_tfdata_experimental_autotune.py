import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
PER_REPLICA_BATCH = 64
global_batch = PER_REPLICA_BATCH * strategy.num_replicas_in_sync

files = tf.data.Dataset.list_files("/data/train-*.tfrecord")
ds = tf.data.TFRecordDataset(files, num_parallel_reads=tf.data.experimental.AUTOTUNE)
ds = ds.shuffle(10000).batch(global_batch).prefetch(buffer_size=tf.data.experimental.AUTOTUNE)

with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(10)])
    model.compile(optimizer="adam", loss="mse")
model.fit(ds.repeat(), epochs=3, steps_per_epoch=1000)
