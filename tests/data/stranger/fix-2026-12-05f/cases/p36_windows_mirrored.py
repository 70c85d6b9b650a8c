# Windows 11 box with two RTX 3090s
import tensorflow as tf

strategy = tf.distribute.MirroredStrategy(devices=["/gpu:0", "/gpu:1"],
                                          cross_device_ops=tf.distribute.NcclAllReduce())
print("replicas:", strategy.num_replicas_in_sync)

with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(64, activation="relu"),
                                 tf.keras.layers.Dense(1)])
    model.compile(optimizer="adam", loss="mse")

x = tf.random.normal((4096, 20))
y = tf.random.normal((4096, 1))
model.fit(x, y, batch_size=256 * strategy.num_replicas_in_sync, epochs=5)
