import tensorflow as tf

strategy = tf.distribute.MirroredStrategy()
GLOBAL_BATCH_SIZE = 64 * strategy.num_replicas_in_sync
dataset = tf.data.Dataset.from_tensor_slices((x, y))
dataset = dataset.cache().shuffle(10000).batch(GLOBAL_BATCH_SIZE).prefetch(tf.data.AUTOTUNE)
model.fit(dataset, epochs=2)
