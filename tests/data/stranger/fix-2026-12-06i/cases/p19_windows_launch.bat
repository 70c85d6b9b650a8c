@echo off
REM usage: launch.bat NODE_RANK
set MASTER_ADDR=localhost
set MASTER_PORT=29500
set GLOO_SOCKET_IFNAME=Ethernet
set USE_LIBUV=0
torchrun --nnodes=2 --nproc_per_node=1 --node_rank=%1 --master_addr=%MASTER_ADDR% --master_port=%MASTER_PORT% train.py
