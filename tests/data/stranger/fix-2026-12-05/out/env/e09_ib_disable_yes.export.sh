# env.int.not-a-number: NCCL_IB_DISABLE is not a number; NCCL silently reads it as 0
export NCCL_IB_DISABLE=1
