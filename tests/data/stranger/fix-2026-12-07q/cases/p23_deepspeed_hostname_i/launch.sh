#!/bin/bash
# started on worker-0 (Ubuntu 22.04 nodes, stock /etc/hosts); the DeepSpeed launcher reaches worker-1 with pdsh
export NCCL_SOCKET_IFNAME=eth0
deepspeed --hostfile=hostfile --master_addr="$(hostname -i)" --master_port=29500 \
    train_ds.py --deepspeed --deepspeed_config ds_config.json
