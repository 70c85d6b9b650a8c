# ranks launcher used under watch: ranks.sh W "rank-list" ; env from MADDR/MPORT/EXTRA_i/MODE
cat > $WORK/ranks.sh <<RS
#!/bin/bash
cd /work/eval-clusters; . ./lib.sh
for i in $RANKS; do
  ev="EXTRA_\$i"
  run_in \$i $WORK/hosts.\$i env MASTER_ADDR=$MADDR MASTER_PORT=${MPORT:-29500} WORLD_SIZE=$W RANK=\$i MODE=${MODE:-normal} STEPS=${STEPS:-60} \${!ev} /usr/bin/python3 /work/eval-clusters/train.py &
done
wait
RS
chmod +x $WORK/ranks.sh
