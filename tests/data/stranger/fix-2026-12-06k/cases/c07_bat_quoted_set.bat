@echo off
set "MASTER_ADDR=10.0.0.5"
set MASTER_PORT=29500
set "GLOO_SOCKET_IFNAME=Ethernet 2"
torchrun --nnodes=2 --node_rank=%NODE_RANK% --nproc_per_node=1 --master_addr=%MASTER_ADDR% --master_port=%MASTER_PORT% train.py --backend gloo
