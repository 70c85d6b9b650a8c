import tensorflow as tf

global_batch_size = 16
mirrored_strategy = tf.distribute.MirroredStrategy()

dataset = tf.data.Dataset.from_tensors(([1.], [1.])).repeat(100).batch(global_batch_size)
# Distribute input using the experimental_distribute_dataset.
dist_dataset = mirrored_strategy.experimental_distribute_dataset(dataset)


@tf.function
def train_step(inputs):
    features, labels = inputs
    return labels - 0.3 * features


for x in dist_dataset:
    # train_step trains the model using the dataset elements
    loss = mirrored_strategy.run(train_step, args=(x,))
    print("Loss is ", loss)


def dataset_fn(input_context):
    batch_size = input_context.get_per_replica_batch_size(global_batch_size)
    d = tf.data.Dataset.from_tensors(([1.], [1.])).repeat(64).batch(16)
    d = d.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    d = d.batch(batch_size)
    d = d.prefetch(2)  # This prefetches 2 batches per device.
    return d


dist_dataset = mirrored_strategy.distribute_datasets_from_function(dataset_fn)
