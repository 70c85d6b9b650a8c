# rank-0 workstation
$env:MASTER_ADDR = '$(hostname)'
$env:MASTER_PORT = "29500"
$env:USE_LIBUV = "0"
torchrun --nnodes=2 --nproc_per_node=1 --node_rank=0 --master_addr=$env:MASTER_ADDR --master_port=29500 train_gloo.py
