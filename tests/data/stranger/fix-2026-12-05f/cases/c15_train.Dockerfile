FROM pytorch/pytorch:2.3.1-cuda12.1-cudnn8-runtime
ENV PYTHONUNBUFFERED=1 \
    NCCL_DEBUG=WARN
WORKDIR /app
COPY requirements.txt /app/
RUN pip install --no-cache-dir -r requirements.txt
COPY src/ /app/src/
# node count, rank and rendezvous come from the pod / docker run
ENTRYPOINT ["/bin/bash", "-c", "exec torchrun --nnodes=\"$NNODES\" --nproc_per_node=\"$NPROC_PER_NODE\" --rdzv_backend=c10d --rdzv_endpoint=\"$MASTER_ADDR:29500\" src/train.py \"$@\"", "--"]
