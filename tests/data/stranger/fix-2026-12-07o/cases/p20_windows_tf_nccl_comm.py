# Two Windows 10 workstations (TensorFlow 2.10, the last release with native
# Windows GPU support); TF_CONFIG is set in each machine's system environment.
import os

os.add_dll_directory(r"C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v11.2\bin")

import tensorflow as tf  # noqa: E402

options = tf.distribute.experimental.CommunicationOptions(
    implementation=tf.distribute.experimental.CommunicationImplementation.NCCL)
strategy = tf.distribute.MultiWorkerMirroredStrategy(communication_options=options)

GLOBAL_BATCH = 32 * strategy.num_replicas_in_sync

(x, y), _ = tf.keras.datasets.cifar10.load_data()
ds = (tf.data.Dataset.from_tensor_slices((x / 255.0, y))
      .cache()
      .shuffle(50000)
      .repeat()
      .batch(GLOBAL_BATCH)
      .prefetch(tf.data.AUTOTUNE))

with strategy.scope():
    model = tf.keras.applications.MobileNetV2(input_shape=(32, 32, 3), weights=None, classes=10)
    model.compile(optimizer="adam",
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])

model.fit(ds, epochs=10, steps_per_epoch=50000 // GLOBAL_BATCH)
