# distdoctor fix: paste after FROM in the training image's Dockerfile
# env.int.trailing-garbage: NCCL_BUFFSIZE=4MB: NCCL reads integers only, so this is 4 bytes, not 4194304
#   write the size in bytes: NCCL_BUFFSIZE=4194304 (4MB with 1 K = 1024)
ENV NCCL_BUFFSIZE="4194304"
