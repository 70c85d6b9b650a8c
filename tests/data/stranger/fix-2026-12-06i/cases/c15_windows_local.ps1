# run_local.ps1 - one Windows box, 2 processes, Gloo
$env:USE_LIBUV = "0"
$env:MASTER_PORT = "29534"
torchrun --standalone --nnodes=1 --nproc_per_node=2 `
    c01_ddp_env_clean.py
