# env.int.trailing-garbage: NCCL_BUFFSIZE=4MB: NCCL reads integers only, so this is 4 bytes, not 4194304
export NCCL_BUFFSIZE=4194304
