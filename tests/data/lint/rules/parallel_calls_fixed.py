import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices(paths)
ds = ds.map(decode, num_parallel_calls=tf.data.AUTOTUNE)
