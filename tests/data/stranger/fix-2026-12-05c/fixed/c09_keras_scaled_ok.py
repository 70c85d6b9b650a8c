import tensorflow as tf

NUM_EXAMPLES = 60000
PER_REPLICA_BATCH = 128

strategy = tf.distribute.MultiWorkerMirroredStrategy()
global_batch = PER_REPLICA_BATCH * strategy.num_replicas_in_sync


def make_dataset():
    (x, y), _ = tf.keras.datasets.mnist.load_data()
    x = x.reshape(-1, 784).astype("float32") / 255.0
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.cache().shuffle(NUM_EXAMPLES).repeat().batch(global_batch).prefetch(tf.data.AUTOTUNE)
    return ds


with strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input(shape=(784,)), tf.keras.layers.Dense(10)])
    model.compile(optimizer="adam", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))

model.fit(make_dataset(), epochs=5, steps_per_epoch=NUM_EXAMPLES // global_batch)
