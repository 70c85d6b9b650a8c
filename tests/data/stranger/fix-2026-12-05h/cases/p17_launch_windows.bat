@echo off
REM node 1 of 2 (the other box runs with --node_rank=0)
set MASTER_ADDR=localhost
set MASTER_PORT=29500
set USE_LIBUV=0
call C:\venvs\torch\Scripts\activate.bat
torchrun --nnodes=2 --node_rank=1 --nproc_per_node=1 --master_addr=%MASTER_ADDR% --master_port=%MASTER_PORT% train.py --backend gloo
