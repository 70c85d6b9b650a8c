#!/bin/bash
# real torch 1.13 Gloo jobs, 2 local processes, before and after the fixes (written after the freeze)
cd "$(dirname "$0")"
W=/tmp/s14-jobs; rm -rf $W; mkdir -p $W; trap 'rm -rf $W' EXIT
TR="timeout 60 torchrun --redirects 1 --tee 1 --nnodes=1 --nproc_per_node=2 --master_addr=127.0.0.1"
run() { local name=$1; shift; echo "\$ $*" > runs/$name.run.log; ( cd $W && "$@" ) >> runs/$name.run.log 2>&1; echo "rc=$?" >> runs/$name.run.log; tail -1 runs/$name.run.log | sed "s/^/$name /"; }
run p12.before $TR --master_port=29611 $PWD/cases/p12_timeout_int.py
BACKEND=gloo run p12.before.gloo env BACKEND=gloo $TR --master_port=29612 $PWD/cases/p12_timeout_int.py
run p14.before $TR --master_port=29613 $PWD/cases/p14_rank_env_string_branch.py
run p14.after-manual $TR --master_port=29614 $PWD/manual/p14_rank_env_string_branch.py
run p15.before $TR --master_port=29615 $PWD/cases/p15_is_main_alias.py
run p15.after-fix $TR --master_port=29616 $PWD/work/p15_is_main_alias/p15_is_main_alias.py
run c05 $TR --master_port=29617 $PWD/cases/c05_broadcast_object_rank0_fill.py
run p02.before env GLOO_SOCKET_IFNAME=^docker0,lo $TR --master_port=29618 $PWD/cases/c05_broadcast_object_rank0_fill.py
run p02.after-manual env GLOO_SOCKET_IFNAME=eth0 $TR --master_port=29619 $PWD/cases/c05_broadcast_object_rank0_fill.py
run p16.before timeout 60 torchrun --redirects 1 --tee 1 --nnodes=1 --nproc_per_node=2 --rdzv_backend=c10d --rdzv_endpoint=127.0.0.1:29620 --rdzv_id=llm7 --rdzv_conf join_timeout=30m $PWD/cases/c05_broadcast_object_rank0_fill.py
run p16.after-correct timeout 60 torchrun --redirects 1 --tee 1 --nnodes=1 --nproc_per_node=2 --rdzv_backend=c10d --rdzv_endpoint=127.0.0.1:29621 --rdzv_id=llm7 --rdzv_conf join_timeout=1800 $PWD/cases/c05_broadcast_object_rank0_fill.py
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
