# distdoctor fix: paste after FROM in the training image's Dockerfile
# env.int.not-a-number: NCCL_IB_DISABLE is not a number; NCCL silently reads it as 0
#   write the number in plain decimal: NCCL_IB_DISABLE=1
ENV NCCL_IB_DISABLE="1"
