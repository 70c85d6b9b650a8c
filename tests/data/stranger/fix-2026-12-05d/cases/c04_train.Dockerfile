FROM pytorch/pytorch:2.3.1-cuda12.1-cudnn8-runtime

ARG DEBIAN_FRONTEND=noninteractive
RUN apt-get update \
 && apt-get install -y --no-install-recommends git iproute2 \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY requirements.txt /app/
RUN pip install --no-cache-dir -r requirements.txt
COPY src/ /app/src/

ENV PYTHONUNBUFFERED=1 \
    NCCL_DEBUG=WARN

# the launcher (torchrun flags, MASTER_ADDR, ...) is given by the job spec at run time
ENTRYPOINT ["torchrun"]
CMD ["--standalone", "--nproc_per_node=gpu", "src/train.py"]
