@echo off
REM Two Windows 11 workstations (RTX 4090), torch 2.5.1+cu121 from pip (gloo backend in train_gloo.py).
REM Run on each: launch.bat <node_rank>
set MASTER_ADDR=192.168.1.20
set MASTER_PORT=29500
call C:\venvs\torch25\Scripts\activate.bat
torchrun --nnodes=2 --nproc_per_node=1 --node_rank=%1 --master_addr=%MASTER_ADDR% --master_port=%MASTER_PORT% train_gloo.py
