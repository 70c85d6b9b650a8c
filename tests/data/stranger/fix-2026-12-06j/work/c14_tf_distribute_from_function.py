import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
GLOBAL_BATCH = 256


def dataset_fn(ctx):
    per_replica = ctx.get_per_replica_batch_size(GLOBAL_BATCH)
    ds = tf.data.Dataset.from_tensor_slices((tf.random.uniform((4096, 8)), tf.random.uniform((4096, 1))))
    ds = ds.shard(ctx.num_input_pipelines, ctx.input_pipeline_id)
    return ds.cache().shuffle(4096).batch(per_replica).prefetch(tf.data.AUTOTUNE)


dist_ds = strategy.distribute_datasets_from_function(dataset_fn)
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse")
model.fit(dist_ds, epochs=3, steps_per_epoch=4096 // GLOBAL_BATCH)
