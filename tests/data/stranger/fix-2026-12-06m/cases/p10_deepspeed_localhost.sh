#!/bin/bash
# launch from node1; deepspeed ssh'es (pdsh) into every host of the hostfile
set -euo pipefail
cat > hostfile <<HOSTS
node1 slots=8
node2 slots=8
HOSTS
export NCCL_SOCKET_IFNAME=ens5
deepspeed --hostfile=hostfile --num_nodes=2 --num_gpus=8 \
    --master_addr=localhost --master_port=29500 \
    train.py --deepspeed --deepspeed_config ds_config.json
