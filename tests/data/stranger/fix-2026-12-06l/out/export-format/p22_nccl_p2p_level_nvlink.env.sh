# distdoctor fix: source this file (or paste it) on every node before the launch command
# nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='ens5' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'
#   export NCCL_SOCKET_IFNAME==eth0 (selects eth0, physical interface) on every node; interface names can differ between nodes, `distdoctor preflight` finds per-host values
# env.enum.invalid: NCCL_P2P_LEVEL is not one of LOC, NVL, NVB, C2C, PIX, PXB, P2C, PXN, PHB, SYS, 0, 1, 2, 3, 4, 5
#   did you mean NCCL_P2P_LEVEL=NVL?
export NCCL_P2P_LEVEL=NVL
export NCCL_SOCKET_IFNAME==eth0
