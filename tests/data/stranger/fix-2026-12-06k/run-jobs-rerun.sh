#!/bin/bash
# rerun of the p03/p04/p17 part of run-jobs.sh after fixing its tail calls
cd "$(dirname "$0")"
W=/tmp/s14-jobs; rm -rf $W; mkdir -p $W; trap 'rm -rf $W' EXIT
TR="timeout 60 torchrun --redirects 1 --tee 1 --nnodes=1 --nproc_per_node=2 --master_addr=127.0.0.1"
run() { :; }
# p03/p04: env:// with the MASTER_ADDR forms, two plain python ranks
cat > $W/envinit.py <<'PY'
import datetime, torch, torch.distributed as dist
dist.init_process_group("gloo", init_method="env://", timeout=datetime.timedelta(seconds=20))
t = torch.ones(1); dist.all_reduce(t); print("sum", t.item())
PY
two() { local name=$1 addr=$2 port=$3; echo "\$ MASTER_ADDR=$addr MASTER_PORT=$port (2 ranks)" > runs/$name.run.log; ( cd $W; for r in 0 1; do MASTER_ADDR=$addr MASTER_PORT=$port RANK=$r WORLD_SIZE=2 timeout 40 /usr/bin/python3 envinit.py > r$r.log 2>&1 & done; wait; tail -n 3 r0.log r1.log ) >> runs/$name.run.log 2>&1; grep -h -m1 -E 'sum|Error' runs/$name.run.log | sed "s/^/$name /"; }
two p03.before tcp://127.0.0.1 29631
two p03.after-correct 127.0.0.1 29632
two p04.before 127.0.0.1:29633 ""
# p17: two "nodes" (agents) with different rdzv ids vs one id
p17() { local name=$1 id0=$2 id1=$3; echo "\$ 2 agents nnodes=2 rdzv ids $id0/$id1" > runs/$name.run.log; ( cd $W; for id in $id0 $id1; do timeout 60 torchrun --redirects 1 --tee 1 --nnodes=2 --nproc_per_node=1 --rdzv_backend=c10d --rdzv_endpoint=127.0.0.1:29640 --rdzv_id=$id $OLDPWD/cases/c05_broadcast_object_rank0_fill.py > agent$id.log 2>&1 & done; wait; echo "rc of last=$?"; tail -n 4 agent*.log ) >> runs/$name.run.log 2>&1; grep -c 'lr 0.1' runs/$name.run.log | sed "s/^/$name ranks-finished=/"; }
p17 p17.before 11111 22222
p17 p17.after-correct job42 job42
