import sys

import tensorflow as tf

if sys.platform == "win32":
    print("running on a Windows workstation with 2 GPUs")

strategy = tf.distribute.MirroredStrategy(devices=["/gpu:0", "/gpu:1"])
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input(shape=(20,)), tf.keras.layers.Dense(1)])
    model.compile(optimizer="adam", loss="mse")
