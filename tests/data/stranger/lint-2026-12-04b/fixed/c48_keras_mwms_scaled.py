import tensorflow as tf

PER_REPLICA_BATCH = 64

strategy = tf.distribute.MultiWorkerMirroredStrategy()
global_batch = PER_REPLICA_BATCH * strategy.num_replicas_in_sync


def dataset_fn(input_context):
    batch = input_context.get_per_replica_batch_size(global_batch)
    (x, y), _ = tf.keras.datasets.cifar10.load_data()
    ds = tf.data.Dataset.from_tensor_slices((x / 255.0, y))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.cache().shuffle(10000).batch(batch).repeat().prefetch(tf.data.AUTOTUNE)


with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.Input(shape=(32, 32, 3)),
        tf.keras.layers.Conv2D(32, 3, activation="relu"),
        tf.keras.layers.GlobalAveragePooling2D(),
        tf.keras.layers.Dense(10),
    ])
    model.compile(
        optimizer="adam",
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=["accuracy"],
    )

dist_ds = strategy.distribute_datasets_from_function(dataset_fn)
model.fit(dist_ds, epochs=10, steps_per_epoch=50000 // global_batch)
