FROM nvcr.io/nvidia/pytorch:24.01-py3

WORKDIR /workspace
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .

ENV MASTER_ADDR=localhost
ENV MASTER_PORT=29500
ENV NCCL_DEBUG=WARN

# NODE_RANK is passed with docker run -e NODE_RANK=... on each of the 2 hosts
CMD torchrun --nnodes=2 --nproc_per_node=8 --node_rank=${NODE_RANK} \
    --master_addr=${MASTER_ADDR} --master_port=${MASTER_PORT} train.py
