"""Input pipeline helpers; tensorflow is imported lazily so the CLI starts fast."""
import os


def build_strategy():
    import tensorflow as tf
    return tf.distribute.MultiWorkerMirroredStrategy()


def parse(record):
    return record


def make_dataset(files):
    from tensorflow.data import TFRecordDataset
    ds = TFRecordDataset(files)
    ds = ds.map(parse, num_parallel_calls=tf.data.AUTOTUNE)
    return ds


if __name__ == "__main__":
    strategy = build_strategy()
    print(os.environ.get("TF_CONFIG"), strategy.num_replicas_in_sync)
    make_dataset(["/data/train-0.tfrecord"])
