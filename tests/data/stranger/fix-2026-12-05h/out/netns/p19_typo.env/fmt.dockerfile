# distdoctor fix: paste after FROM in the training image's Dockerfile
# env.unknown-name: NCCL_SOCKET_IFNAMES is not a variable anything reads; did you mean NCCL_SOCKET_IFNAME?
#   rename NCCL_SOCKET_IFNAMES to NCCL_SOCKET_IFNAME in the job's environment
ENV NCCL_SOCKET_IFNAME="ens5"
# NCCL_SOCKET_IFNAMES: ENV cannot unset a variable; remove it where the image or the launcher sets it
