# distdoctor fix: source this file (or paste it) on every node before the launch command
# env.enum.invalid: NCCL_P2P_LEVEL is not one of LOC, NVL, NVB, C2C, PIX, PXB, P2C, PXN, PHB, SYS, 0, 1, 2, 3, 4, 5
#   did you mean NCCL_P2P_LEVEL=NVL?
export NCCL_P2P_LEVEL=NVL
