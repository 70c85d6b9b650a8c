import os
import tensorflow as tf

if os.name == "nt":
    print("running on Windows")
strategy = tf.distribute.MirroredStrategy(cross_device_ops=tf.distribute.HierarchicalCopyAllReduce())
