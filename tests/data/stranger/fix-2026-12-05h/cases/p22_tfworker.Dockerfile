FROM tensorflow/tensorflow:2.15.0-gpu

RUN pip install --no-cache-dir tensorflow-datasets==4.9.4
COPY mnist_mwms.py /app/mnist_mwms.py
WORKDIR /app

ENV TF_CONFIG='{"cluster": {"worker": ["tf-worker-0:2222", "tf-worker-1:2222"]}, "task": {"type": "worker", "index": 0}}'
ENV TF_CPP_MIN_LOG_LEVEL=2

CMD ["python", "mnist_mwms.py"]
