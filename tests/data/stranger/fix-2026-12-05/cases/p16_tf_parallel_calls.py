import tensorflow

strategy = tensorflow.distribute.MultiWorkerMirroredStrategy()
GLOBAL_BATCH = 256


def decode(path):
    img = tensorflow.io.decode_jpeg(tensorflow.io.read_file(path), channels=3)
    return tensorflow.image.resize(img, [224, 224])


files = tensorflow.data.Dataset.list_files("/data/imgs/*.jpg")
ds = files.map(decode, num_parallel_calls=8).batch(GLOBAL_BATCH).prefetch(tensorflow.data.AUTOTUNE)

with strategy.scope():
    model = tensorflow.keras.applications.ResNet50(weights=None)
    model.compile(optimizer="sgd", loss="mse")
model.fit(ds, epochs=1)
