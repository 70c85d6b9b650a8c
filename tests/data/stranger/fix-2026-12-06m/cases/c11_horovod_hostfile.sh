#!/bin/bash
cat > hosts.txt <<HOSTS
node1 slots=4
node2 slots=4
HOSTS
export NCCL_SOCKET_IFNAME=eth0
horovodrun -np 8 --hostfile hosts.txt --network-interfaces eth0 python train_hvd.py --epochs 20
