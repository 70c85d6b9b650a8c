# MultiWorkerMirroredStrategy on 2 nodes; /mnt/nfs is the shared NFS mount of both nodes.
# Decoding the JPEGs is slow, so the decoded dataset is cached on disk after the first epoch.
import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
GLOBAL_BATCH = 64 * strategy.num_replicas_in_sync


def decode(path, label):
    img = tf.io.decode_jpeg(tf.io.read_file(path), channels=3)
    return tf.image.resize(img, (224, 224)) / 255.0, label


def make_dataset(paths, labels):
    ds = tf.data.Dataset.from_tensor_slices((paths, labels))
    ds = ds.map(decode, num_parallel_calls=tf.data.AUTOTUNE)
    ds = ds.cache("/mnt/nfs/cache/flowers_train")
    return ds.shuffle(8000).batch(GLOBAL_BATCH).prefetch(tf.data.AUTOTUNE)


with open("/mnt/nfs/datasets/flowers/train.csv") as f:
    rows = [line.strip().split(",") for line in f if line.strip()]
paths = [r[0] for r in rows]
labels = [int(r[1]) for r in rows]

with strategy.scope():
    model = tf.keras.applications.EfficientNetB0(weights=None, classes=102)
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])

model.fit(make_dataset(paths, labels), epochs=40)
