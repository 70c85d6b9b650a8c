import horovod.tensorflow.keras as hvd
import tensorflow as tf

hvd.init()

gpus = tf.config.list_physical_devices("GPU")
for g in gpus:
    tf.config.experimental.set_memory_growth(g, True)
if gpus:
    tf.config.set_visible_devices(gpus[hvd.local_rank()], "GPU")

BATCH = 256
(x_train, y_train), (x_val, y_val) = tf.keras.datasets.cifar100.load_data()
x_train = x_train.astype("float32") / 255.0
x_val = x_val.astype("float32") / 255.0

train = (tf.data.Dataset.from_tensor_slices((x_train, y_train))
         .shard(hvd.size(), hvd.rank())
         .cache()
         .shuffle(10_000)
         .repeat()
         .batch(BATCH)
         .prefetch(tf.data.AUTOTUNE))

model = tf.keras.applications.ResNet50V2(weights=None, input_shape=(32, 32, 3), classes=100)
opt = hvd.DistributedOptimizer(tf.keras.optimizers.SGD(learning_rate=0.05 * hvd.size(), momentum=0.9))
model.compile(optimizer=opt, loss="sparse_categorical_crossentropy", metrics=["accuracy"])

callbacks = [
    # every rank takes part in these two
    hvd.callbacks.BroadcastGlobalVariablesCallback(0),
    hvd.callbacks.MetricAverageCallback(),
]
if hvd.rank() == 0:
    callbacks.append(tf.keras.callbacks.ModelCheckpoint("/ckpt/cifar100-{epoch:02d}.keras"))
    callbacks.append(tf.keras.callbacks.TensorBoard("/logs/cifar100"))

steps_per_epoch = len(x_train) // (BATCH * hvd.size())
model.fit(train, steps_per_epoch=steps_per_epoch, epochs=60, callbacks=callbacks,
          validation_data=(x_val, y_val), verbose=2 if hvd.rank() == 0 else 0)
