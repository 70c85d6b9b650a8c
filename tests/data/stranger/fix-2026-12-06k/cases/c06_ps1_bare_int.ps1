# node 0 of 2, Gloo
$env:MASTER_ADDR = "10.0.0.5"
$env:MASTER_PORT = 29500
$env:WORLD_SIZE = 2
$env:USE_LIBUV = 0
python train.py --backend gloo --rank 0
