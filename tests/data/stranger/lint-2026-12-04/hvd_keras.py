import tensorflow as tf
import horovod.tensorflow.keras as hvd

hvd.init()
gpus = tf.config.experimental.list_physical_devices('GPU')
if gpus:
    tf.config.experimental.set_visible_devices(gpus[hvd.local_rank()], 'GPU')
ds = tf.data.Dataset.range(1000).map(lambda x: (tf.cast(x, tf.float32), x)).batch(128).repeat()
model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
opt = hvd.DistributedOptimizer(tf.keras.optimizers.SGD(0.01 * hvd.size()))
model.compile(optimizer=opt, loss="mse")
callbacks = [hvd.callbacks.BroadcastGlobalVariablesCallback(0)]
model.fit(ds, steps_per_epoch=500 // hvd.size(), callbacks=callbacks, epochs=2, verbose=1 if hvd.rank() == 0 else 0)
