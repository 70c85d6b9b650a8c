import horovod.tensorflow.keras as hvd
import tensorflow as tf

hvd.init()
gpus = tf.config.experimental.list_physical_devices("GPU")
for gpu in gpus:
    tf.config.experimental.set_memory_growth(gpu, True)
if gpus:
    tf.config.experimental.set_visible_devices(gpus[hvd.rank()], "GPU")

model = tf.keras.Sequential([tf.keras.layers.Dense(10, input_shape=(32,))])
opt = hvd.DistributedOptimizer(tf.keras.optimizers.SGD(0.01 * hvd.size()))
model.compile(optimizer=opt, loss="mse")
callbacks = [hvd.callbacks.BroadcastGlobalVariablesCallback(0)]
