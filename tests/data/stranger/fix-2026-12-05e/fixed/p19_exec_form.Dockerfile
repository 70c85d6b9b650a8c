FROM nvcr.io/nvidia/pytorch:24.05-py3

WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .

ENV NCCL_DEBUG=WARN \
    OMP_NUM_THREADS=4

ENTRYPOINT ["/bin/sh", "-c", "exec torchrun \"--nnodes=${NNODES}\" \"--nproc_per_node=${NPROC}\" --rdzv_backend=c10d \"--rdzv_endpoint=${RDZV_HOST}:29400\" train.py \"$@\"", "--"]
