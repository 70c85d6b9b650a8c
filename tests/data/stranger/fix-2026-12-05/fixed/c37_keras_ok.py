import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
PER_REPLICA_BATCH = 64
batch = PER_REPLICA_BATCH * strategy.num_replicas_in_sync

(x, y), _ = tf.keras.datasets.mnist.load_data()
x = x.reshape(-1, 784).astype("float32") / 255.0
ds = tf.data.Dataset.from_tensor_slices((x, y)).cache().shuffle(10000).batch(batch).prefetch(tf.data.AUTOTUNE)

with strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input(shape=(784,)), tf.keras.layers.Dense(10)])
    model.compile(optimizer="adam",
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
model.fit(ds, epochs=3)
