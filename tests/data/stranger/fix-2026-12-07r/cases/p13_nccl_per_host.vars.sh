# Sourced by the job script on every node before torchrun (4 nodes, 8 GPUs each).
# gpu-a/gpu-b were installed in March, gpu-c/gpu-d last week.
export NNODES=4
export NPROC_PER_NODE=8
export MASTER_ADDR=10.1.0.11
export MASTER_PORT=29500
export NCCL_SOCKET_IFNAME=ens1f0
case "$(hostname -s)" in
  gpu-a|gpu-b) export LD_LIBRARY_PATH=/opt/nccl/2.18.3-1+cuda12.1/lib:${LD_LIBRARY_PATH:-} ;;
  gpu-c|gpu-d) export LD_LIBRARY_PATH=/opt/nccl/2.21.5-1+cuda12.4/lib:${LD_LIBRARY_PATH:-} ;;
esac
