param([int]$NodeRank = 0)
# two Windows workstations, same script on both
# RANK0_HOST: the rank-0 node's host name or address, the same on every node
$env:MASTER_ADDR = "192.168.1.10"
$env:MASTER_PORT = "29500"
$env:USE_LIBUV = "0"
torchrun --nnodes=2 --nproc_per_node=1 --node_rank=$NodeRank `
  --master_addr=$env:MASTER_ADDR --master_port=$env:MASTER_PORT `
  train_gloo.py
