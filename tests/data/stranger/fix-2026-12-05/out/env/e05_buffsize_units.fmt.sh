# distdoctor fix: source this file (or paste it) on every node before the launch command
# env.int.trailing-garbage: NCCL_BUFFSIZE=4MB: NCCL reads integers only, so this is 4 bytes, not 4194304
#   write the size in bytes: NCCL_BUFFSIZE=4194304 (4MB with 1 K = 1024)
export NCCL_BUFFSIZE=4194304
