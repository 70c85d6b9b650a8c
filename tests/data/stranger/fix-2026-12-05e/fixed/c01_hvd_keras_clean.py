import tensorflow as tf
import horovod.tensorflow.keras as hvd

hvd.init()
gpus = tf.config.experimental.list_physical_devices("GPU")
for gpu in gpus:
    tf.config.experimental.set_memory_growth(gpu, True)
if gpus:
    tf.config.experimental.set_visible_devices(gpus[hvd.local_rank()], "GPU")

(x_train, y_train), _ = tf.keras.datasets.mnist.load_data(path=f"mnist-{hvd.rank()}.npz")
dataset = tf.data.Dataset.from_tensor_slices(
    (tf.cast(x_train[..., tf.newaxis] / 255.0, tf.float32), tf.cast(y_train, tf.int64)))
dataset = dataset.cache().repeat().shuffle(10000).batch(128).prefetch(tf.data.AUTOTUNE)

model = tf.keras.Sequential([
    tf.keras.layers.Conv2D(32, [3, 3], activation="relu", input_shape=(28, 28, 1)),
    tf.keras.layers.MaxPooling2D(pool_size=(2, 2)),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(10, activation="softmax"),
])

opt = hvd.DistributedOptimizer(tf.optimizers.Adam(0.001 * hvd.size()))
model.compile(loss=tf.losses.SparseCategoricalCrossentropy(), optimizer=opt,
              metrics=["accuracy"], experimental_run_tf_function=False)

callbacks = [
    hvd.callbacks.BroadcastGlobalVariablesCallback(0),
    hvd.callbacks.MetricAverageCallback(),
    hvd.callbacks.LearningRateWarmupCallback(initial_lr=0.001 * hvd.size(), warmup_epochs=3),
]
if hvd.rank() == 0:
    callbacks.append(tf.keras.callbacks.ModelCheckpoint("./checkpoint-{epoch}.h5"))

model.fit(dataset, steps_per_epoch=500 // hvd.size(), callbacks=callbacks, epochs=24,
          verbose=1 if hvd.rank() == 0 else 0)
