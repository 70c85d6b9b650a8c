import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()


def build_model():
    return tf.keras.Sequential([
        tf.keras.layers.Dense(128, activation="relu", input_shape=(784,)),
        tf.keras.layers.Dense(10),
    ])


model = build_model()
with strategy.scope():
    model.compile(optimizer="adam",
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))

(x, y), _ = tf.keras.datasets.mnist.load_data()
ds = tf.data.Dataset.from_tensor_slices((x.reshape(-1, 784) / 255.0, y))
ds = ds.cache().shuffle(10000).batch(64 * strategy.num_replicas_in_sync).prefetch(tf.data.AUTOTUNE)
model.fit(ds, epochs=2)
