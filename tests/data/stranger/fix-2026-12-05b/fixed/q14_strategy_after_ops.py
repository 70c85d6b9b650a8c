import json
import os

import numpy as np
import tensorflow as tf

x = np.random.rand(1024, 10).astype("float32")
y = np.random.rand(1024, 1).astype("float32")
dataset = tf.data.Dataset.from_tensor_slices((x, y))
comm = tf.distribute.experimental.CommunicationOptions(
    implementation=tf.distribute.experimental.CommunicationImplementation.RING)
strategy = tf.distribute.MultiWorkerMirroredStrategy(communication_options=comm)
print(json.loads(os.environ["TF_CONFIG"])["task"])
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(10,))])
    model.compile(optimizer="sgd", loss="mse")
model.fit(dataset.cache().shuffle(1024).batch(32 * strategy.num_replicas_in_sync).prefetch(tf.data.AUTOTUNE), epochs=2)
