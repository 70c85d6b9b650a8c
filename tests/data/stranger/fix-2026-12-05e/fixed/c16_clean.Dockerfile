FROM pytorch/pytorch:2.3.1-cuda12.1-cudnn8-runtime

RUN apt-get update && apt-get install -y --no-install-recommends iproute2 \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /workspace
COPY requirements.txt /workspace/
RUN pip install --no-cache-dir -r requirements.txt
COPY src/ /workspace/src/

ENV PYTHONUNBUFFERED=1 \
    NCCL_DEBUG=WARN

ENTRYPOINT ["torchrun"]
CMD ["--standalone", "--nproc_per_node=gpu", "src/train.py"]
