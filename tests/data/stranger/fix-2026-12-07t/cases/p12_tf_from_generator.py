# MultiWorkerMirroredStrategy, 2 workers x 4 GPUs; TF_CONFIG is set by the launcher (one per machine).
import glob

import numpy as np
import tensorflow as tf
from PIL import Image

strategy = tf.distribute.MultiWorkerMirroredStrategy()
AUTOTUNE = tf.data.AUTOTUNE
PER_REPLICA_BATCH = 128
global_batch = PER_REPLICA_BATCH * strategy.num_replicas_in_sync

files = sorted(glob.glob("/data/imagenet/train/*/*.JPEG"))
class_ids = {c: i for i, c in enumerate(sorted({f.split("/")[-2] for f in files}))}
labels = [class_ids[f.split("/")[-2]] for f in files]


def load_images():
    for path, label in zip(files, labels):
        img = Image.open(path).convert("RGB").resize((224, 224))
        yield np.asarray(img, dtype=np.float32) / 255.0, label


ds = tf.data.Dataset.from_generator(
    load_images,
    output_signature=(
        tf.TensorSpec(shape=(224, 224, 3), dtype=tf.float32),
        tf.TensorSpec(shape=(), dtype=tf.int64),
    ),
)
ds = ds.shuffle(10000).batch(global_batch).prefetch(AUTOTUNE)

with strategy.scope():
    model = tf.keras.applications.ResNet50(weights=None, classes=1000)
    model.compile(optimizer="sgd",
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])

model.fit(ds, epochs=90, steps_per_epoch=len(files) // global_batch)
