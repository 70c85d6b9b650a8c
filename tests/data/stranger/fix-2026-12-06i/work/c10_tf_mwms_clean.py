import tensorflow as tf

# TF_CONFIG comes from the TFJob operator / the launcher; build the strategy before any op
strategy = tf.distribute.MultiWorkerMirroredStrategy()

PER_REPLICA_BATCH = 64
GLOBAL_BATCH = PER_REPLICA_BATCH * strategy.num_replicas_in_sync


def make_dataset():
    (x, y), _ = tf.keras.datasets.mnist.load_data()
    x = (x / 255.0).astype("float32")
    return (
        tf.data.Dataset.from_tensor_slices((x, y))
        .cache()
        .shuffle(60000)
        .batch(GLOBAL_BATCH)
        .prefetch(tf.data.AUTOTUNE)
    )


with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.Flatten(input_shape=(28, 28)),
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(10),
    ])
    model.compile(
        optimizer="adam",
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=["accuracy"],
    )

model.fit(make_dataset(), epochs=3)
