FROM python:3.11-slim
RUN pip install --no-cache-dir torch --index-url https://download.pytorch.org/whl/cpu
WORKDIR /app
COPY c01_ddp_env_clean.py /app/
ENV GLOO_SOCKET_IFNAME=eth0
ENTRYPOINT ["torchrun", "--nnodes=1", "--nproc_per_node=2", "c01_ddp_env_clean.py"]
