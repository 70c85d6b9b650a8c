import horovod.tensorflow.keras as hvd
import tensorflow as tf

hvd.init()
gpus = tf.config.list_physical_devices("GPU")
if gpus:
    tf.config.set_visible_devices(gpus[hvd.local_rank()], "GPU")

(x, y), _ = tf.keras.datasets.mnist.load_data()
ds = (tf.data.Dataset.from_tensor_slices((x[..., None] / 255.0, y))
      .shard(hvd.size(), hvd.rank())
      .shuffle(10000)
      .batch(128)
      .prefetch(tf.data.AUTOTUNE))

model = tf.keras.Sequential([
    tf.keras.layers.Flatten(input_shape=(28, 28, 1)),
    tf.keras.layers.Dense(256, activation="relu"),
    tf.keras.layers.Dense(10),
])
opt = hvd.DistributedOptimizer(tf.keras.optimizers.Adam(0.001 * hvd.size()))
model.compile(optimizer=opt,
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=["accuracy"])

callbacks = [
    hvd.callbacks.BroadcastGlobalVariablesCallback(0),
    hvd.callbacks.MetricAverageCallback(),
]
if hvd.rank() == 0:
    # only rank 0 writes checkpoints and logs
    callbacks.append(tf.keras.callbacks.ModelCheckpoint("./ckpt-{epoch}.h5"))
    callbacks.append(tf.keras.callbacks.TensorBoard("./logs"))

model.fit(ds, epochs=5, callbacks=callbacks, verbose=1 if hvd.rank() == 0 else 0)
