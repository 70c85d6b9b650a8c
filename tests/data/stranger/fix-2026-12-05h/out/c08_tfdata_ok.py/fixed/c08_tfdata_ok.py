import tensorflow as tf

PER_REPLICA_BATCH = 128
EPOCHS = 5

strategy = tf.distribute.MultiWorkerMirroredStrategy()
global_batch = PER_REPLICA_BATCH * strategy.num_replicas_in_sync

(x_train, y_train), (x_test, y_test) = tf.keras.datasets.cifar10.load_data()
x_train = x_train.astype("float32") / 255.0

train_ds = (
    tf.data.Dataset.from_tensor_slices((x_train, y_train))
    .cache()
    .shuffle(50_000)
    .batch(global_batch)
    .prefetch(tf.data.AUTOTUNE)
)

with strategy.scope():
    model = tf.keras.applications.MobileNetV2(input_shape=(32, 32, 3), weights=None, classes=10)
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.01 * strategy.num_replicas_in_sync),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=["accuracy"],
    )

model.fit(train_ds, epochs=EPOCHS)
