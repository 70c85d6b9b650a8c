import json
import os
import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
tf_config = json.loads(os.environ["TF_CONFIG"])
task_type = tf_config["task"]["type"]
task_index = tf_config["task"]["index"]

PER_REPLICA_BATCH = 64
global_batch = PER_REPLICA_BATCH * strategy.num_replicas_in_sync


def make_ds():
    (x, y), _ = tf.keras.datasets.mnist.load_data()
    ds = tf.data.Dataset.from_tensor_slices((x / 255.0, y))
    return ds.cache().shuffle(60000).repeat().batch(global_batch).prefetch(tf.data.AUTOTUNE)


with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.Flatten(input_shape=(28, 28)),
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(10),
    ])
    model.compile(optimizer="adam",
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])

model.fit(make_ds(), epochs=3, steps_per_epoch=200)

if task_type == "chief" or (task_type == "worker" and task_index == 0):
    model.save("/shared/models/mnist")
