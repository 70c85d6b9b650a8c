FROM nvcr.io/nvidia/pytorch:24.05-py3
ENV NCCL_SOCKET_IFNAME="eth0" GLOO_SOCKET_IFNAME="eth0" \
    NCCL_DEBUG="WARN"
WORKDIR /app
COPY . /app
CMD ["bash", "/app/launch.sh"]
