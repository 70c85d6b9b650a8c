# MultiWorkerMirroredStrategy on 2 machines. Each machine exports:
#   WORKER_HOSTS="10.20.0.11:12345,10.20.0.12:12345"
#   WORKER_INDEX=0   (1 on the second machine)
import json
import os

import tensorflow as tf

workers = os.environ["WORKER_HOSTS"].split(",")
os.environ["TF_CONFIG"] = json.dumps({
    "cluster": {"worker": workers},
    "task": {"type": "worker", "index": int(os.environ["WORKER_INDEX"])},
})

strategy = tf.distribute.MultiWorkerMirroredStrategy()
AUTOTUNE = tf.data.AUTOTUNE
PER_REPLICA_BATCH = 64
global_batch = PER_REPLICA_BATCH * strategy.num_replicas_in_sync


def decode(path, label):
    img = tf.io.decode_jpeg(tf.io.read_file(path), channels=3)
    img = tf.image.resize(img, (224, 224)) / 255.0
    return img, label


files = tf.io.gfile.glob("/data/flowers/train/*/*.jpg")
classes = sorted({f.split("/")[-2] for f in files})
labels = [classes.index(f.split("/")[-2]) for f in files]
ds = (tf.data.Dataset.from_tensor_slices((files, labels))
      .shuffle(len(files))
      .map(decode, num_parallel_calls=AUTOTUNE)
      .batch(global_batch)
      .prefetch(AUTOTUNE))

with strategy.scope():
    model = tf.keras.applications.MobileNetV2(weights=None, classes=len(classes))
    model.compile(optimizer="adam",
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])

model.fit(ds, epochs=10)
