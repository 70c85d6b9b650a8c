import tensorflow as tf

strategy = tf.distribute.MirroredStrategy()
print("devices:", strategy.num_replicas_in_sync)
BATCH_SIZE_PER_REPLICA = 32
BATCH_SIZE = BATCH_SIZE_PER_REPLICA * strategy.num_replicas_in_sync

train = tf.data.Dataset.from_tensor_slices((tf.random.uniform([1000, 10]), tf.random.uniform([1000])))
train = train.shuffle(1000).batch(BATCH_SIZE).prefetch(tf.data.AUTOTUNE)

with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
    model.compile(optimizer="adam", loss="mse")
model.fit(train, epochs=2)
