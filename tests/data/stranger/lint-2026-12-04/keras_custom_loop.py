import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
GLOBAL_BATCH_SIZE = 256

def dataset_fn(input_context):
    batch_size = input_context.get_per_replica_batch_size(GLOBAL_BATCH_SIZE)
    d = tf.data.Dataset.range(10000).map(lambda x: (tf.cast(x, tf.float32), x % 2))
    d = d.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return d.shuffle(1000).batch(batch_size).prefetch(2)

dist_ds = strategy.distribute_datasets_from_function(dataset_fn)
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
    model.compile("sgd", "mse")
model.fit(dist_ds, epochs=2, steps_per_epoch=30)
