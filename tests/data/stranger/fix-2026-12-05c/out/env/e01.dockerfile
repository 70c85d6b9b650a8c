# distdoctor fix: paste after FROM in the training image's Dockerfile
# env.enum.invalid: NCCL_P2P_LEVEL is not one of LOC, NVL, NVB, C2C, PIX, PXB, P2C, PXN, PHB, SYS, 0, 1, 2, 3, 4, 5
#   did you mean NCCL_P2P_LEVEL=NVL?
ENV NCCL_P2P_LEVEL="NVL"
