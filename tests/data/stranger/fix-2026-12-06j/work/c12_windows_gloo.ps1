param([int]$NodeRank = 0)
# two Windows workstations; 192.168.1.10 is node 0
$env:USE_LIBUV = "0"
$env:GLOO_SOCKET_IFNAME = "Ethernet"
$env:MASTER_ADDR = "192.168.1.10"
$env:MASTER_PORT = "29500"
torchrun --nnodes=2 --nproc_per_node=1 --node_rank=$NodeRank `
  --master_addr=$env:MASTER_ADDR --master_port=$env:MASTER_PORT `
  train_gloo.py
