#!/bin/bash
# Issue 27: inputs of a third stranger's run (tests/data/stranger/lint-2026-12-04c) that lint passed in
# silence or fixed badly, written as users write them. Each case: lint finds the rule, the fix is
# applied (`lint --fix`, or the printed line pasted where it says), the result goes through its real
# consumer (bash with stub srun/torchrun/mpirun/deepspeed that print what each task gets; /usr/bin/python3
# ast, with every name the fixed code reads bound before it is read; JSON for a Dockerfile exec form)
# and lint again has no such finding and no new error. Usage: stranger3_cases.sh DISTDOCTOR CASE
set -u
dd=$1 case=$2
py=/usr/bin/python3
tmp=$(mktemp -d /tmp/dd-stranger3.$$.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT  # a killed run (Ctrl-C, timeout -s TERM) leaves no folder: exit runs the EXIT trap
trap 'exit 143' TERM
fail() { echo "FAIL [$case]: $*" >&2; exit 1; }

. "$(dirname "$0")/stranger_lib.sh"

case $case in
hold)
  # for system.fix.stranger-killed-cleanup: print the folder, then wait to be killed
  echo "$tmp"
  sleep 60
  ;;
c-srun-nnodes)
  # 11: --nnodes=$NNODES inside srun bash -c "..." while the file sets NUM_NODES.
  cat >"$tmp/job.slurm" <<'EOF'
#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
NUM_NODES=$SLURM_JOB_NUM_NODES
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
srun --cpu-bind=none bash -c "torchrun \
  --nnodes=$NNODES \
  --nproc_per_node=4 --rdzv_backend=c10d \
  --rdzv_endpoint=$MASTER_ADDR:29512 \
  pretrain.py"
EOF
  run lint --json "$tmp/job.slurm"
  has lint.slurm.variable-not-set || fail "not found: $(cat "$tmp/out")"
  before=$(errors)
  run lint --fix "$tmp/job.slurm"
  relint "$tmp/job.slurm" lint.slurm.variable-not-set "$before"
  bash -n "$tmp/job.slurm" || fail "bash -n rejects the fixed file"
  stubs
  got=$(batch "$tmp/job.slurm")
  [ "$(grep -cx -- 'argv:--nnodes=2' <<<"$got")" = 2 ] || fail "each task should get --nnodes=2: $got"
  ;;
c-per-task)
  # 25: MASTER_PORT=$(shuf ...) inside srun bash -c '...': each node its own port.
  cat >"$tmp/job.sbatch" <<'EOF'
#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun bash -c '
  export MASTER_PORT=$(shuf -i 20000-40000 -n 1)
  torchrun --nnodes=$SLURM_NNODES --nproc_per_node=8 --node_rank=$SLURM_NODEID \
    --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT train.py
'
EOF
  run lint --json "$tmp/job.sbatch"
  has lint.slurm.rendezvous-per-task || fail "not found: $(cat "$tmp/out")"
  before=$(errors | grep -vx lint.slurm.rendezvous-per-task)
  fix=$(fix_text lint.slurm.rendezvous-per-task)
  # pasted as it says: the line before srun, the line inside the quotes dropped
  $py - "$tmp/job.sbatch" "$fix" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
lines = [l for l in lines if "shuf" not in l]
i = next(i for i, l in enumerate(lines) if l.startswith("srun"))
lines.insert(i, sys.argv[2])
open(sys.argv[1], "w").write("\n".join(lines))
PY
  relint "$tmp/job.sbatch" lint.slurm.rendezvous-per-task "$before"
  bash -n "$tmp/job.sbatch" || fail "bash -n rejects the fixed file"
  stubs
  got=$(batch "$tmp/job.sbatch")
  ports=$(grep -- '^argv:--master_port=' <<<"$got" | sort -u)
  [ "$ports" = "argv:--master_port=24242" ] || fail "one port for both tasks, in range: [$ports] $(cat "$tmp/job.sbatch")"
  ;;
c-collective)
  # 04: all_reduce(avg) under `if rank == 0 and step % N == 0:`, avg computed in the branch.
  cat >"$tmp/train.py" <<'EOF'
import torch.distributed as dist


def train(loader, model, world_size, rank):
    step = 0
    for images in loader:
        loss = model(images)
        step += 1
        if rank == 0 and step % 10 == 0:
            # average the loss over all workers for the log line
            avg = loss.detach().clone()
            dist.all_reduce(avg, op=dist.ReduceOp.SUM)
            avg /= world_size
            print(f"step {step} loss={avg.item():.4f}",
                  flush=True)
EOF
  roundtrip "$tmp/train.py" lint.torch.collective-under-rank-branch
  names "$tmp/train.py"
  # run it: two ranks with a fake dist that counts the all_reduce calls each makes
  $py - "$tmp" <<'PY' || fail "run: $(cat "$tmp/train.py")"
import sys, types
sys.path.insert(0, sys.argv[1])
calls = []
fake = types.ModuleType("torch.distributed")
fake.ReduceOp = types.SimpleNamespace(SUM="sum")
fake.all_reduce = lambda t, op=None: calls.append(t)
torch = types.ModuleType("torch")
torch.distributed = fake
sys.modules["torch"] = torch
sys.modules["torch.distributed"] = fake
import train
class T:
    def __init__(self, v): self.v = v
    def detach(self): return self
    def clone(self): return T(self.v)
    def __itruediv__(self, n): self.v /= n; return self
    def item(self): return self.v
counts = []
for rank in (0, 1):
    calls.clear()
    train.train(range(30), lambda x: T(1.0), 2, rank)
    counts.append(len(calls))
assert counts == [3, 3], counts
PY
  ;;
c-hvd)
  # 24: BroadcastGlobalVariablesCallback appended only under `if hvd.rank() == 0:`.
  cat >"$tmp/train.py" <<'EOF'
import horovod.tensorflow.keras as hvd
import tensorflow as tf

hvd.init()
callbacks = [hvd.callbacks.MetricAverageCallback()]
if hvd.rank() == 0:
    callbacks.append(hvd.callbacks.BroadcastGlobalVariablesCallback(0))
    callbacks.append(tf.keras.callbacks.ModelCheckpoint("./ckpt-{epoch}.h5"))
EOF
  roundtrip "$tmp/train.py" lint.torch.collective-under-rank-branch
  names "$tmp/train.py"
  grep -qx 'callbacks.append(hvd.callbacks.BroadcastGlobalVariablesCallback(0))' "$tmp/train.py" ||
    fail "the callback is not on every rank: $(cat "$tmp/train.py")"
  ;;
c-mpirun)
  # 14: NCCL_SOCKET_IFNAME exported, mpirun across two hosts without -x for it.
  cat >"$tmp/run.sh" <<'EOF'
#!/bin/bash
export NCCL_SOCKET_IFNAME=enp97s0f0
mpirun -np 16 \
    -H dgx01:8,dgx02:8 \
    -mca pml ob1 \
    -x PATH \
    python train_hvd.py
EOF
  roundtrip "$tmp/run.sh" lint.mpi.env-not-forwarded
  bash -n "$tmp/run.sh" || fail "bash -n rejects the fixed file"
  stubs
  got=$(batch "$tmp/run.sh")
  grep -A1 -x -- 'argv:-x' <<<"$got" | grep -qx 'argv:NCCL_SOCKET_IFNAME' || fail "mpirun got: $got"
  ;;
c-deepspeed)
  # 15: deepspeed --num_nodes=2 --master_addr=localhost.
  cat >"$tmp/run.sh" <<'EOF'
#!/bin/bash
deepspeed --hostfile=./hostfile \
  --num_nodes=2 --num_gpus=8 \
  --master_addr=localhost --master_port=29600 \
  finetune.py --deepspeed z3.json
EOF
  roundtrip "$tmp/run.sh" lint.launch.master-addr-localhost
  bash -n "$tmp/run.sh" || fail "bash -n rejects the fixed file"
  stubs
  got=$(batch "$tmp/run.sh")
  grep -q master_addr <<<"$got" && fail "still a master address: $got"
  grep -qx 'argv:--master_port=29600' <<<"$got" || fail "deepspeed got: $got"
  ;;
c-exec-form)
  # 19: exec-form ENTRYPOINT with $VARs nothing expands.
  cat >"$tmp/Dockerfile" <<'EOF'
FROM x
ENV NNODES=2 MASTER_PORT=29500
ENTRYPOINT ["torchrun", "--nnodes=$NNODES", "--node_rank=$NODE_RANK", "--master_addr=$MASTER_ADDR", "--master_port=$MASTER_PORT", "train.py"]
EOF
  roundtrip "$tmp/Dockerfile" lint.docker.exec-form-variable
  stubs
  # the exec form as Docker runs it: the JSON list, then CMD's words (here: --epochs 3)
  got=$(TMPBIN="$tmp/bin" $py - "$tmp/Dockerfile" <<'PY'
import json, os, subprocess, sys
line = next(l for l in open(sys.argv[1]) if l.startswith("ENTRYPOINT"))
argv = json.loads(line[len("ENTRYPOINT"):])
env = dict(PATH=os.environ["TMPBIN"] + ":/usr/bin:/bin", NNODES="2", NODE_RANK="1", MASTER_ADDR="node01",
           MASTER_PORT="29500")
sys.stdout.write(subprocess.run(argv + ["--epochs", "3"], env=env, capture_output=True, text=True).stdout)
PY
)
  want=$'argv:--nnodes=2\nargv:--node_rank=1\nargv:--master_addr=node01\nargv:--master_port=29500\nargv:train.py\nargv:--epochs\nargv:3'
  [ "$got" = "$want" ] || fail "torchrun got: [$got]"
  ;;
c-local-id)
  # 26: the rank from SLURM_LOCALID.
  cat >"$tmp/train.py" <<'EOF'
import os
import torch.distributed as dist


def init():
    world_size = int(os.environ["SLURM_NTASKS"])
    rank = int(os.environ["SLURM_LOCALID"])
    dist.init_process_group(backend="nccl", world_size=world_size, rank=rank)
    return rank
EOF
  roundtrip "$tmp/train.py" lint.slurm.local-id-as-rank
  names "$tmp/train.py"
  grep -qx '    rank = int(os.environ\["SLURM_PROCID"\])' "$tmp/train.py" || fail "$(cat "$tmp/train.py")"
  ;;
c-ssh-quotes)
  # 20: the ssh command in single quotes; $i and $MASTER_ADDR expand on the remote host.
  cat >"$tmp/start.sh" <<'EOF'
#!/bin/bash
HOSTS=(trn-01 trn-02)
MASTER_ADDR=trn-01
MASTER_PORT=29500
for i in "${!HOSTS[@]}"; do
    h=${HOSTS[$i]}
    ssh "$h" 'cd /tmp && torchrun \
        --nnodes=2 --nproc_per_node=4 --node_rank=$i \
        --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT \
        train_t5.py'
done
EOF
  roundtrip "$tmp/start.sh" lint.remote.local-variable-in-single-quotes
  bash -n "$tmp/start.sh" || fail "bash -n rejects the fixed file"
  stubs
  # ssh as the remote host runs it: a fresh shell with none of this script's variables
  printf '#!/bin/bash\nshift\nexec env -i PATH="$PATH" bash -c "$*"\n' >"$tmp/bin/ssh"
  chmod +x "$tmp/bin/ssh"
  got=$(batch "$tmp/start.sh")
  for want in argv:--node_rank=0 argv:--node_rank=1 argv:--master_addr=trn-01 argv:--master_port=29500; do
    grep -qx -- "$want" <<<"$got" || fail "remote torchrun did not get $want: $got"
  done
  ;;
d-autotune)
  # The fourth stranger's p16 (tests/data/stranger/fix-2026-12-05): `import tensorflow` without an alias;
  # the fixed line must read only names the file binds (it wrote tf.data.AUTOTUNE: NameError).
  cat >"$tmp/input.py" <<'EOF'
import tensorflow

files = tensorflow.data.Dataset.list_files("/data/imgs/*.jpg")
ds = files.map(len, num_parallel_calls=8).prefetch(tensorflow.data.AUTOTUNE)
EOF
  roundtrip "$tmp/input.py" lint.tf.num-parallel-calls-not-autotune
  names "$tmp/input.py"
  grep -q "num_parallel_calls=tensorflow.data.AUTOTUNE" "$tmp/input.py" || fail "not the expected edit: $(cat "$tmp/input.py")"
  ;;
d-ifname-read-later)
  # The fourth stranger's p18: NCCL_SOCKET_IFNAME=lo under set -euo pipefail, echoed later. --fix must not
  # delete the export (bash then stops: unbound variable); the printed fix names the later use.
  cat >"$tmp/job.sbatch" <<'EOF'
#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
set -euo pipefail
export NCCL_SOCKET_IFNAME=lo
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
echo "NCCL iface: $NCCL_SOCKET_IFNAME, master: $MASTER_ADDR"
srun bash -c 'torchrun --nnodes=2 --nproc_per_node=4 --node_rank=$SLURM_NODEID --master_addr=$MASTER_ADDR --master_port=29500 train.py'
EOF
  cp "$tmp/job.sbatch" "$tmp/orig"
  run lint --json "$tmp/job.sbatch"
  has lint.env.ifname-loopback || fail "no lint.env.ifname-loopback: $(cat "$tmp/out")"
  fix_text lint.env.ifname-loopback | grep -q 'on line 7' || fail "the fix does not name line 7: $(fix_text lint.env.ifname-loopback)"
  run lint --fix "$tmp/job.sbatch"
  cmp -s "$tmp/job.sbatch" "$tmp/orig" || fail "--fix edited the file: $(diff "$tmp/orig" "$tmp/job.sbatch")"
  # the prose applied as printed: the line and its use removed; the script runs to srun
  sed -i -e '/^export NCCL_SOCKET_IFNAME=lo$/d' -e 's/NCCL iface: $NCCL_SOCKET_IFNAME, //' "$tmp/job.sbatch"
  stubs
  got=$(batch "$tmp/job.sbatch") || fail "the script with the line and its use removed failed: $got"
  grep -qx -- "argv:--node_rank=1" <<<"$got" || fail "srun's second task did not start: $got"
  run lint --json "$tmp/job.sbatch"
  has lint.env.ifname-loopback && fail "lint.env.ifname-loopback still found"
  ;;
*) fail "unknown case" ;;
esac
echo "PASS [$case]"
