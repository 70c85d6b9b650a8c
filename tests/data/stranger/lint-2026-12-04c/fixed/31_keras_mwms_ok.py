"""MultiWorkerMirroredStrategy training; TF_CONFIG comes from the launcher
(TFJob operator or the per-host wrapper script)."""
import json
import os

import tensorflow as tf

PER_REPLICA_BATCH = 64
EPOCHS = 12

tf_config = json.loads(os.environ.get("TF_CONFIG", "{}"))
task = tf_config.get("task", {"type": "worker", "index": 0})

strategy = tf.distribute.MultiWorkerMirroredStrategy(
    communication_options=tf.distribute.experimental.CommunicationOptions(
        implementation=tf.distribute.experimental.CommunicationImplementation.NCCL))
print(f"task {task}, replicas in sync: {strategy.num_replicas_in_sync}")

GLOBAL_BATCH = PER_REPLICA_BATCH * strategy.num_replicas_in_sync


def decode(example):
    feats = tf.io.parse_single_example(example, {
        "image": tf.io.FixedLenFeature([], tf.string),
        "label": tf.io.FixedLenFeature([], tf.int64),
    })
    img = tf.io.decode_jpeg(feats["image"], channels=3)
    img = tf.image.resize(img, (224, 224)) / 255.0
    return img, feats["label"]


files = tf.data.Dataset.list_files("/data/flowers/train-*.tfrecord", shuffle=False)
train_ds = (tf.data.TFRecordDataset(files)
            .map(decode, num_parallel_calls=tf.data.AUTOTUNE)
            .cache()
            .shuffle(2048)
            .repeat()
            .batch(GLOBAL_BATCH)
            .prefetch(tf.data.AUTOTUNE))

with strategy.scope():
    base = tf.keras.applications.EfficientNetB0(include_top=False, weights=None,
                                                input_shape=(224, 224, 3), pooling="avg")
    model = tf.keras.Sequential([base, tf.keras.layers.Dense(102)])
    model.compile(optimizer=tf.keras.optimizers.Adam(1e-3),
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])

is_chief = task.get("type") in ("chief", None) or (task.get("type") == "worker" and task.get("index") == 0)
model_dir = "/models/flowers" if is_chief else f"/tmp/flowers-worker-{task.get('index')}"
callbacks = [tf.keras.callbacks.BackupAndRestore(backup_dir="/models/flowers/backup")]

model.fit(train_ds, epochs=EPOCHS, steps_per_epoch=100, callbacks=callbacks)
model.save(model_dir)
