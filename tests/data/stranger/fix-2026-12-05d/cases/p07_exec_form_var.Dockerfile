FROM nvcr.io/nvidia/pytorch:24.05-py3

WORKDIR /workspace
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .

ENV NCCL_DEBUG=WARN \
    OMP_NUM_THREADS=8

# MASTER_ADDR, NODE_RANK and NNODES are passed with docker run -e on each node
ENTRYPOINT ["torchrun", "--nnodes=${NNODES}", "--node_rank=${NODE_RANK}", "--nproc_per_node=8", "--master_addr=${MASTER_ADDR}", "--master_port=29500", "train.py"]
