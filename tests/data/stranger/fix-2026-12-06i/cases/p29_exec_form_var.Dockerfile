FROM nvcr.io/nvidia/pytorch:24.03-py3

WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .

ENV NCCL_DEBUG=WARN
ENV NPROC_PER_NODE=8

ENTRYPOINT ["torchrun", "--nnodes=${NNODES}", "--node_rank=${NODE_RANK}", "--nproc_per_node=${NPROC_PER_NODE}", "--master_addr=${MASTER_ADDR}", "--master_port=29500", "train.py"]
