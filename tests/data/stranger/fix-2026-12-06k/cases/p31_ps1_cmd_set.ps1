# node 1 of 2 (Windows workstation, Gloo)
set MASTER_ADDR=10.0.0.5
$env:MASTER_PORT = "29500"
$env:USE_LIBUV = "0"
torchrun --nnodes=2 --node_rank=1 --nproc_per_node=1 `
    --master_addr=10.0.0.5 --master_port=29500 train.py --backend gloo
