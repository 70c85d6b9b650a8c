@echo off
REM node 1 of 2 (Windows, Gloo)
set MASTER_ADDR=10.0.0.5 
set MASTER_PORT=29500
set USE_LIBUV=0
torchrun --nnodes=2 --node_rank=1 --nproc_per_node=1 --master_addr=%MASTER_ADDR% --master_port=%MASTER_PORT% train.py --backend gloo
