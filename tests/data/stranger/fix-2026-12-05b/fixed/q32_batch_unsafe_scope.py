import tensorflow as tf


def make_ds():
    ds = tf.data.Dataset.range(10000).map(lambda i: (tf.cast(i, tf.float32), i % 2))
    return ds.cache().shuffle(10000).batch(128).prefetch(tf.data.AUTOTUNE)


def main():
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
        model.compile("adam", "binary_crossentropy")
    model.fit(make_ds(), epochs=2)


if __name__ == "__main__":
    main()
