#!/bin/bash
# hosts.txt: one host per line, the first is the master
MASTER=$(head -n 1 hosts.txt)
NPROC=8
i=0
while read -r host; do
  ssh -n "$host" 'cd /srv/train &&
    torchrun --nnodes=3 --nproc_per_node='"${NPROC}"' \
      --node_rank='"${i}"' --master_addr=10.3.0.1 --master_port=29500 train.py' &
  i=$((i + 1))
done < hosts.txt
wait
echo "master was $MASTER"
