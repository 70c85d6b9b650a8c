#!/bin/bash
# two_agents.sh TAG "extra torchrun flags": two torchrun agents on this machine as the job's 2 nodes (1 rank each)
tag=$1; flags=$2
export GLOO_SOCKET_IFNAME=lo
for n in 0 1; do
  ( timeout 90 nice -n 10 /usr/bin/python3 -m torch.distributed.run --nnodes 2 --nproc_per_node 1 --redirects 1 --tee 1 $flags allreduce_check.py \
      > out/$tag.node$n.log 2>&1; echo "rc=$?" >> out/$tag.node$n.log ) &
  sleep 2
done
wait
tail -n 2 out/$tag.node0.log out/$tag.node1.log
