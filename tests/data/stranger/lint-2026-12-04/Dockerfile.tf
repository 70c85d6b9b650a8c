FROM tensorflow/tensorflow:2.15.0-gpu
ARG WORKER_INDEX=0
ENV TF_CONFIG='{"cluster": {"worker": ["localhost:12345", "localhost:23456"]}, "task": {"type": "worker", "index": 0}}'
COPY keras_train.py /opt/
CMD ["python", "/opt/keras_train.py"]
