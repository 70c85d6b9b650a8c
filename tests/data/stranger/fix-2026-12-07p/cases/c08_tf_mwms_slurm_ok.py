# TensorFlow multi-worker on Slurm: srun starts this once per node
#   (#SBATCH --nodes=4 --ntasks-per-node=1 --gpus-per-node=4), TF_CONFIG built from the allocation.
import json
import os
import subprocess

hosts = subprocess.run(
    ["scontrol", "show", "hostnames", os.environ["SLURM_JOB_NODELIST"]],
    capture_output=True, text=True, check=True,
).stdout.split()
PORT = 12345
task_index = int(os.environ["SLURM_PROCID"])  # one task per node: 0..3 in node order
os.environ["TF_CONFIG"] = json.dumps({
    "cluster": {"worker": [f"{h}:{PORT}" for h in hosts]},
    "task": {"type": "worker", "index": task_index},
})

import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
num_workers = len(hosts)
GLOBAL_BATCH = 128 * strategy.num_replicas_in_sync


def parse(record):
    feats = tf.io.parse_single_example(record, {
        "x": tf.io.FixedLenFeature([32], tf.float32),
        "y": tf.io.FixedLenFeature([], tf.int64),
    })
    return feats["x"], feats["y"]


def make_dataset():
    files = tf.data.Dataset.list_files("/shared/data/tabular/train-*.tfrecord", shuffle=False)
    files = files.shard(num_workers, task_index)  # sharded by hand: switch TF's auto-sharding off
    ds = files.interleave(tf.data.TFRecordDataset, num_parallel_calls=tf.data.AUTOTUNE)
    ds = ds.map(parse, num_parallel_calls=tf.data.AUTOTUNE).cache()  # in memory, per worker
    ds = ds.shuffle(20000).batch(GLOBAL_BATCH).prefetch(tf.data.AUTOTUNE)
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
    return ds.with_options(options)


with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.Dense(256, activation="relu", input_shape=(32,)),
        tf.keras.layers.Dense(10),
    ])
    model.compile(optimizer="adam",
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])

model.fit(make_dataset(), epochs=10, steps_per_epoch=2000)
