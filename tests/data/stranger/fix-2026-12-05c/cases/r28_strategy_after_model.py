import tensorflow as tf

options = tf.distribute.experimental.CommunicationOptions(
    implementation=tf.distribute.experimental.CommunicationImplementation.NCCL)

base = tf.keras.applications.ResNet50(weights=None, input_shape=(224, 224, 3), classes=100)
strategy = tf.distribute.MultiWorkerMirroredStrategy(communication_options=options)

with strategy.scope():
    model = tf.keras.models.clone_model(base)
    model.compile(optimizer="sgd", loss="sparse_categorical_crossentropy")
