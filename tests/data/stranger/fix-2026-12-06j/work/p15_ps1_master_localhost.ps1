param([int]$NodeRank = 0)
# two Windows workstations, same script on both
$env:MASTER_ADDR = "localhost"
$env:MASTER_PORT = "29500"
$env:USE_LIBUV = "0"
torchrun --nnodes=2 --nproc_per_node=1 --node_rank=$NodeRank `
  --master_addr=$env:MASTER_ADDR --master_port=$env:MASTER_PORT `
  train_gloo.py
