# distdoctor fix: paste after FROM in the training image's Dockerfile
# env.int.out-of-range: NCCL_SOCKET_NTHREADS above 16 is cut to 16 by NCCL
#   use a value in -2..16 (default -2)
ENV NCCL_SOCKET_NTHREADS="16"
