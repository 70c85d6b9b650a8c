#!/bin/bash
cd /work/eval-clusters; . ./lib.sh
for i in 0; do
  ev="EXTRA_$i"
  run_in $i /work/eval-clusters/w6-rank1-never-started/hosts.$i env MASTER_ADDR=evqnode0 MASTER_PORT=29500 WORLD_SIZE=2 RANK=$i MODE=normal STEPS=8 ${!ev} /usr/bin/python3 /work/eval-clusters/train.py &
done
wait
