import math

import horovod.tensorflow.keras as hvd
import tensorflow as tf

hvd.init()

gpus = tf.config.experimental.list_physical_devices("GPU")
for gpu in gpus:
    tf.config.experimental.set_memory_growth(gpu, True)
if gpus:
    tf.config.experimental.set_visible_devices(gpus[hvd.local_rank()], "GPU")

(x, y), _ = tf.keras.datasets.fashion_mnist.load_data(path=f"fmnist-{hvd.rank()}.npz")
x = x[..., None].astype("float32") / 255.0
ds = (tf.data.Dataset.from_tensor_slices((x, y))
      .shard(hvd.size(), hvd.rank())
      .cache()
      .shuffle(10000)
      .repeat()
      .batch(128)
      .prefetch(tf.data.AUTOTUNE))

model = tf.keras.Sequential([
    tf.keras.layers.Conv2D(64, 3, activation="relu"),
    tf.keras.layers.GlobalAveragePooling2D(),
    tf.keras.layers.Dense(10, activation="softmax"),
])
opt = tf.keras.optimizers.Adam(0.001 * hvd.size())
opt = hvd.DistributedOptimizer(opt)
model.compile(loss="sparse_categorical_crossentropy", optimizer=opt, metrics=["accuracy"])

callbacks = [
    hvd.callbacks.MetricAverageCallback(),
    hvd.callbacks.LearningRateWarmupCallback(initial_lr=0.001 * hvd.size(), warmup_epochs=3),
]

# Only the first worker writes checkpoints and sends the initial weights.
if hvd.rank() == 0:
    callbacks.append(hvd.callbacks.BroadcastGlobalVariablesCallback(0))
    callbacks.append(tf.keras.callbacks.ModelCheckpoint("./ckpt-{epoch}.h5"))

steps = math.ceil(60000 / 128 / hvd.size())
model.fit(ds, steps_per_epoch=steps, epochs=24, callbacks=callbacks,
          verbose=1 if hvd.rank() == 0 else 0)
