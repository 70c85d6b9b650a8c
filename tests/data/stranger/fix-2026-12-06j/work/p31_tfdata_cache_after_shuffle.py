import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
PER_REPLICA = 32

(x, y), _ = tf.keras.datasets.cifar10.load_data()
ds = tf.data.Dataset.from_tensor_slices((x, y))
ds = ds.cache().shuffle(50000).batch(PER_REPLICA * strategy.num_replicas_in_sync).prefetch(tf.data.AUTOTUNE)

with strategy.scope():
    model = tf.keras.applications.ResNet50(weights=None, classes=10, input_shape=(32, 32, 3))
    model.compile(optimizer="sgd", loss="sparse_categorical_crossentropy")
model.fit(ds, epochs=30)
