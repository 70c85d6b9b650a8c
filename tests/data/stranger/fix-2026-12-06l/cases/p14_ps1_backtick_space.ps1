# node 0 of 2, Windows, Gloo
$env:MASTER_ADDR = "10.0.0.5"
$env:MASTER_PORT = "29500"
$env:USE_LIBUV = "0"
torchrun --nnodes=2 --nproc_per_node=1 ` 
    --node_rank=0 --master_addr=$env:MASTER_ADDR ` 
    --master_port=$env:MASTER_PORT train.py --backend gloo
