import tensorflow as tf

strategy = tf.distribute.MirroredStrategy()
BATCH_SIZE = 64
dataset = tf.data.Dataset.from_tensor_slices((x, y)).cache().shuffle(1000)
dataset = dataset.batch(BATCH_SIZE).prefetch(tf.data.AUTOTUNE)
model.fit(dataset, epochs=2)
