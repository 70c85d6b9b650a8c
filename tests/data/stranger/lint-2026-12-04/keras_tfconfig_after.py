import os, json
import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()

tf_config = {
    'cluster': {'worker': ['10.0.0.1:2222', '10.0.0.2:2222']},
    'task': {'type': 'worker', 'index': int(os.environ.get('WORKER_INDEX', 0))}
}
os.environ['TF_CONFIG'] = json.dumps(tf_config)

BATCH_SIZE = 128
ds = tf.data.Dataset.range(1000).map(lambda i: (tf.cast(i, tf.float32), i % 2))
ds = ds.batch(BATCH_SIZE).cache().shuffle(100)

with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(1,))])
    model.compile(optimizer="sgd", loss="mse")
model.fit(ds, epochs=2)
