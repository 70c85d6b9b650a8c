import tensorflow as tf

gpus = tf.config.list_physical_devices("GPU")
for gpu in gpus:
    tf.config.experimental.set_memory_growth(gpu, True)

strategy = tf.distribute.MultiWorkerMirroredStrategy()
GLOBAL_BATCH = 64 * strategy.num_replicas_in_sync

def make_ds():
    (x, y), _ = tf.keras.datasets.mnist.load_data()
    ds = tf.data.Dataset.from_tensor_slices((x / 255.0, y))
    return ds.cache().shuffle(60000).batch(GLOBAL_BATCH).repeat().prefetch(tf.data.AUTOTUNE)

with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Flatten(), tf.keras.layers.Dense(10)])
    model.compile(optimizer="adam", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))

model.fit(make_ds(), epochs=3, steps_per_epoch=200)
