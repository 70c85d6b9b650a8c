# planted: TF_CONFIG pasted with index 2 for a 2-worker cluster (index out of range)
import os
import tensorflow as tf
os.environ["TF_CONFIG"] = '{"cluster": {"worker": ["w0:2222", "w1:2222"]}, "task": {"type": "worker", "index": 2}}'
strategy = tf.distribute.MultiWorkerMirroredStrategy()
