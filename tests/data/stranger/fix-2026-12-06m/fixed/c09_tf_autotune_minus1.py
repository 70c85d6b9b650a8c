import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
PER_REPLICA_BATCH = 64
global_batch = PER_REPLICA_BATCH * strategy.num_replicas_in_sync


def parse(record):
    feats = tf.io.parse_single_example(record, {"x": tf.io.FixedLenFeature([32], tf.float32),
                                                "y": tf.io.FixedLenFeature([], tf.int64)})
    return feats["x"], feats["y"]


files = tf.data.Dataset.list_files("/data/train-*.tfrecord", shuffle=False)
ds = tf.data.TFRecordDataset(files)
ds = ds.map(parse, num_parallel_calls=-1)  # -1 is tf.data.AUTOTUNE
ds = ds.shuffle(10000).batch(global_batch).prefetch(tf.data.AUTOTUNE).repeat()

with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(64, activation="relu"), tf.keras.layers.Dense(2)])
    model.compile(optimizer="sgd", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
model.fit(ds, epochs=2, steps_per_epoch=1000)
