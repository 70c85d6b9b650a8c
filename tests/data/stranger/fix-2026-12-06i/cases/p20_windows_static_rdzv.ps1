# launch.ps1 - run on both Windows workstations (192.168.1.20 and 192.168.1.21)
$env:USE_LIBUV = "0"
$env:GLOO_SOCKET_IFNAME = "Ethernet"
torchrun --nnodes=2 --nproc_per_node=1 `
    --master_addr=192.168.1.20 --master_port=29500 `
    train.py --backend gloo
