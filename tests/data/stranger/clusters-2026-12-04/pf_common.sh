# run preflight on nodes 0..W-1; env MASTER_ADDR etc.; per-node hosts file hosts.N; extra env per node via EXTRA_N
run_preflight() {  # label W
  local label=$1 W=$2
  for ((i=0;i<W;i++)); do
    local ev="EXTRA_$i"
    run_in $i $WORK/hosts.$i env MASTER_ADDR=$MADDR MASTER_PORT=${MPORT:-29500} WORLD_SIZE=$W RANK=$i ${!ev} \
      nice -n 10 $DD preflight --timeout ${PFT:-40} --no-color $PFARGS > $WORK/$label.node$i.out 2> $WORK/$label.node$i.err &
    echo $! >> $WORK/pids
  done
  wait
  for ((i=0;i<W;i++)); do echo "=== $label node$i (rank $i) stdout"; cat $WORK/$label.node$i.out; echo "=== stderr"; cat $WORK/$label.node$i.err; done > $WORK/$label.all.txt
}
# if $WORK/fix.sh exists: run it (it may use run_in / ip netns exec), then preflight again as "pf-after-fix"
maybe_fix() {
  local W=$1
  if [ -f $WORK/fix.sh ]; then . $WORK/fix.sh > $WORK/fix.log 2>&1; run_preflight pf-after-fix $W; fi
}
# real 2/3-rank torch Gloo job (train.py, 3 steps), 40 s limit; records each rank's exit code (124 = hung, killed)
run_torch() {  # label W
  local label=$1 W=$2
  for ((i=0;i<W;i++)); do
    local ev="EXTRA_$i"
    ( run_in $i $WORK/hosts.$i env MASTER_ADDR=$MADDR MASTER_PORT=${MPORT:-29500} WORLD_SIZE=$W RANK=$i STEPS=3 NUMEL=262144 ${!ev} \
      timeout 40 nice -n 10 /usr/bin/python3 /work/eval-clusters/train.py > $WORK/$label.rank$i.log 2>&1; echo "rank $i exit $?" >> $WORK/$label.rank$i.log ) &
  done
  wait
  for ((i=0;i<W;i++)); do tail -n 3 $WORK/$label.rank$i.log; done > $WORK/$label.summary.txt
}
