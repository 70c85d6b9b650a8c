import numpy as np
import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
BATCH = 64

with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(10)])
    model.compile(optimizer="adam", loss="mse")

x = np.zeros((1000, 4), dtype=np.float32)
y = np.zeros((1000, 10), dtype=np.float32)
model.fit(x, y, batch_size=BATCH, epochs=3)
