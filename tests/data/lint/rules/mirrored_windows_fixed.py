import tensorflow as tf

strategy = tf.distribute.MirroredStrategy(cross_device_ops=tf.distribute.HierarchicalCopyAllReduce())
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(10)])
