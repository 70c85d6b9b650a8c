import tensorflow as tf

strategy = tf.distribute.MirroredStrategy()
GLOBAL_BATCH_SIZE = 64 * strategy.num_replicas_in_sync
dataset = tf.data.Dataset.from_tensor_slices((x, y))
dataset = dataset.batch(GLOBAL_BATCH_SIZE).shuffle(10000)
model.fit(dataset, epochs=2)
