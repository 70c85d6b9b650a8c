FROM nvcr.io/nvidia/pytorch:24.05-py3
WORKDIR /app
COPY . /app
ENV MASTER_PORT 29500
ENV NCCL_DEBUG=WARN
ENTRYPOINT ["bash", "/app/launch.sh"]
