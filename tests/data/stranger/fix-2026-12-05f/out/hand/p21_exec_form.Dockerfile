FROM nvcr.io/nvidia/pytorch:24.05-py3
WORKDIR /workspace
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
ENV NNODES=2 \
    NPROC_PER_NODE=8 \
    NCCL_DEBUG=WARN
ENTRYPOINT ["torchrun", "--nnodes=${NNODES}", "--nproc_per_node=${NPROC_PER_NODE}", "--rdzv_backend=c10d", "--rdzv_endpoint=${MASTER_ADDR}:29500", "train.py"]
