"""Keras multi-worker training; TF_CONFIG is set by the TFJob operator."""
import tensorflow as tf
import tensorflow_datasets as tfds

BATCH_PER_REPLICA = 64


def scale(image, label):
    return tf.cast(image, tf.float32) / 255.0, label


# input pipeline first so we can fail fast if the data is missing
strategy = tf.distribute.MultiWorkerMirroredStrategy()
datasets, info = tfds.load("mnist", with_info=True, as_supervised=True)
raw_train = datasets["train"]

global_batch = BATCH_PER_REPLICA * strategy.num_replicas_in_sync

train = raw_train.map(scale).cache().shuffle(10000).batch(global_batch).prefetch(tf.data.AUTOTUNE)

with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.Conv2D(32, 3, activation="relu", input_shape=(28, 28, 1)),
        tf.keras.layers.MaxPooling2D(),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(64, activation="relu"),
        tf.keras.layers.Dense(10),
    ])
    model.compile(loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  optimizer=tf.keras.optimizers.Adam(), metrics=["accuracy"])

model.fit(train, epochs=12)
