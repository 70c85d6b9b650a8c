import os
import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()

PER_REPLICA_BATCH = 128
global_batch = PER_REPLICA_BATCH * strategy.num_replicas_in_sync

(x_train, y_train), _ = tf.keras.datasets.cifar10.load_data()
x_train = x_train.astype("float32") / 255.0

train_ds = (
    tf.data.Dataset.from_tensor_slices((x_train, y_train))
    .cache()
    .batch(global_batch)
    .shuffle(10000)
    .prefetch(tf.data.AUTOTUNE)
)

with strategy.scope():
    model = tf.keras.applications.ResNet50(weights=None, input_shape=(32, 32, 3), classes=10)
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])

model.fit(train_ds, epochs=30)
