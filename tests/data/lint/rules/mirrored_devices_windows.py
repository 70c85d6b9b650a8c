import tensorflow as tf

gpus = ["/gpu:0", "/gpu:1"]
strategy = tf.distribute.MirroredStrategy(devices=["/gpu:0", "/gpu:1"])
