import tensorflow as tf

STEPS_PER_EPOCH = 1000

strategy = tf.distribute.MultiWorkerMirroredStrategy()
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input(shape=(32,)), tf.keras.layers.Dense(1)])
    model.compile(optimizer="adam", loss="mse")

x = tf.random.normal([4096, 32])
y = tf.random.normal([4096, 1])
ds = tf.data.Dataset.from_tensor_slices((x, y)).cache().shuffle(4096).batch(64 * strategy.num_replicas_in_sync).repeat().prefetch(tf.data.AUTOTUNE)
model.fit(ds, epochs=5, callbacks=[tf.keras.callbacks.TerminateOnNaN()])
