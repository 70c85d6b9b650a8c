# TensorFlow multi-worker training on Slurm: run_tf.sbatch starts this with
#   #SBATCH --nodes=4 --ntasks-per-node=1 --gpus-per-node=4
#   srun python p09_tf_config_localid.py
# (one worker per node, 4 GPUs each); TF_CONFIG is built here from the allocation.
import json
import os
import subprocess

hosts = subprocess.run(
    ["scontrol", "show", "hostnames", os.environ["SLURM_JOB_NODELIST"]],
    capture_output=True, text=True, check=True,
).stdout.split()
PORT = 12345
os.environ["TF_CONFIG"] = json.dumps({
    "cluster": {"worker": [f"{h}:{PORT}" for h in hosts]},
    "task": {"type": "worker", "index": int(os.environ["SLURM_LOCALID"])},
})

import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
PER_REPLICA_BATCH = 64
GLOBAL_BATCH = PER_REPLICA_BATCH * strategy.num_replicas_in_sync


def make_dataset():
    (x, y), _ = tf.keras.datasets.cifar10.load_data()
    ds = tf.data.Dataset.from_tensor_slices((x / 255.0, y))
    return ds.cache().shuffle(50000).batch(GLOBAL_BATCH).prefetch(tf.data.AUTOTUNE)


with strategy.scope():
    model = tf.keras.applications.ResNet50(weights=None, input_shape=(32, 32, 3), classes=10)
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])

model.fit(make_dataset(), epochs=20)
