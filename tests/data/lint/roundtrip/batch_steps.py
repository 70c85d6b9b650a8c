import tensorflow as tf

NUM_EXAMPLES = 50000
BATCH_SIZE = 64

strategy = tf.distribute.MirroredStrategy()
(x, y), _ = tf.keras.datasets.cifar10.load_data()
ds = tf.data.Dataset.from_tensor_slices((x, y)).cache().shuffle(NUM_EXAMPLES).repeat()
ds = ds.batch(BATCH_SIZE).prefetch(tf.data.AUTOTUNE)
with strategy.scope():
    model = tf.keras.applications.ResNet50(weights=None, input_shape=(32, 32, 3), classes=10)
    model.compile(optimizer="sgd", loss="sparse_categorical_crossentropy")
model.fit(ds, epochs=10, steps_per_epoch=NUM_EXAMPLES // BATCH_SIZE)
