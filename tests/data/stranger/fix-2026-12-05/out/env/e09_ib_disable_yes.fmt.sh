# distdoctor fix: source this file (or paste it) on every node before the launch command
# env.int.not-a-number: NCCL_IB_DISABLE is not a number; NCCL silently reads it as 0
#   write the number in plain decimal: NCCL_IB_DISABLE=1
export NCCL_IB_DISABLE=1
