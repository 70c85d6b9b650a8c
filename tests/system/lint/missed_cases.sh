#!/bin/bash
# Issue 27: the inputs of two strangers' runs where lint said nothing or fixed badly
# (tests/data/stranger/lint-2026-12-04, cases a-f; lint-2026-12-04b, cases b-*), written as users write them. Each case: lint finds the rule, `lint --fix` applies its edit, the
# fixed file is checked by its real consumer (bash -n and a run with stub srun/torchrun that print
# what each task would get; /usr/bin/python3 compile and a run up to the fixed statement), and lint
# run again has no such finding and no new error. Usage: missed_cases.sh DISTDOCTOR CASE
set -u
dd=$1 case=$2
py=/usr/bin/python3
. "$(dirname "${BASH_SOURCE[0]}")/../scratch_dir.sh"
make_scratch dd-missed
fail() { echo "FAIL [$case]: $*" >&2; exit 1; }

# run ARGS...: stdout -> $tmp/out, stderr -> $tmp/err, exit code -> $rc
run() { "$dd" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; }

# has ID: the --json output in $tmp/out has finding ID
has() {
  $py - "$tmp/out" "$1" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
sys.exit(0 if any(f["id"] == sys.argv[2] for f in doc["findings"]) else 1)
PY
}

# errors: the ids of the error findings in $tmp/out, one a line, sorted
errors() {
  $py - "$tmp/out" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
print("\n".join(sorted(f["id"] for f in doc["findings"] if f["severity"] == "error")))
PY
}

# roundtrip FILE ID: ID found, --fix applied, ID gone and no error that was not there before
roundtrip() {
  run lint --json "$1"
  has "$2" || fail "no $2 before the fix: $(cat "$tmp/out")"
  local before
  before=$(errors | grep -vx -- "$2")
  run lint --fix "$1"
  grep -q "\[$2\]" "$tmp/err" "$tmp/out" || fail "--fix did not apply $2: $(cat "$tmp/out" "$tmp/err")"
  run lint --json "$1"
  has "$2" && fail "$2 still found after --fix: $(cat "$1")"
  local after
  after=$(errors | grep -vx -- "$2")
  [ "$after" = "$before" ] || fail "errors after the fix [$after], before [$before]: $(cat "$1")"
}

# stubs: srun runs its command once per task with that task's SLURM_PROCID/NODEID (two nodes, one
# task each, as srun does); torchrun prints the arguments it got, one per line.
stubs() {
  mkdir -p "$tmp/bin"
  cat >"$tmp/bin/srun" <<'EOF'
#!/bin/bash
while [ $# -gt 0 ] && [ "${1#-}" != "$1" ]; do shift; done
for task in 0 1; do SLURM_PROCID=$task SLURM_NODEID=$task SLURM_LOCALID=0 "$@"; done
EOF
  cat >"$tmp/bin/torchrun" <<'EOF'
#!/bin/bash
printf 'argv:%s\n' "$@"
printf 'CUDA_VISIBLE_DEVICES=%s\n' "${CUDA_VISIBLE_DEVICES-unset}"
EOF
  printf '#!/bin/bash\necho node01\n' >"$tmp/bin/scontrol"
  chmod +x "$tmp/bin/"*
}

# batch FILE: runs FILE as the batch shell would on the first node (SLURM_PROCID=0 there)
batch() {
  env -i PATH="$tmp/bin:/usr/bin:/bin" SLURM_PROCID=0 SLURM_NODEID=0 SLURM_JOB_NODELIST=node[01-02] SLURM_NNODES=2 \
    bash "$1"
}

case $case in
gpus)
  # a. One GPU visible to the eight processes torchrun starts.
  cat >"$tmp/run.sh" <<'EOF'
#!/bin/bash
#SBATCH --gpus-per-node=8
export CUDA_VISIBLE_DEVICES=0
torchrun --standalone --nproc_per_node=8 train.py --epochs 3
EOF
  roundtrip "$tmp/run.sh" lint.launch.gpus-fewer-than-procs
  bash -n "$tmp/run.sh" || fail "bash -n rejects the fixed file"
  stubs
  got=$(batch "$tmp/run.sh" | sed -n 's/^CUDA_VISIBLE_DEVICES=//p')
  n=$(tr ',' '\n' <<<"$got" | grep -c .)
  [ "$n" = 8 ] || fail "torchrun sees $n GPUs ($got), starts 8 processes"
  ;;
srun-quotes)
  # b. srun bash -c "... $SLURM_PROCID ...": every task got the batch shell's 0.
  cat >"$tmp/job.sbatch" <<'EOF'
#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)
srun bash -c "cd ${WORK:-/tmp} && torchrun --nnodes=2 --nproc_per_node=8 --node_rank=$SLURM_PROCID --master_addr=$head --master_port=29501 train.py --tag \"it's\""
EOF
  stubs
  before=$(batch "$tmp/job.sbatch")
  [ "$(grep -c -- '^argv:--node_rank=0$' <<<"$before")" = 2 ] || fail "the input should give node_rank 0 twice: $before"
  roundtrip "$tmp/job.sbatch" lint.slurm.task-variable-expanded-once
  bash -n "$tmp/job.sbatch" || fail "bash -n rejects the fixed file: $(cat "$tmp/job.sbatch")"
  after=$(batch "$tmp/job.sbatch")
  # each task its own node rank, everything else as before (the batch shell's $head, ${WORK:-/tmp})
  grep -qx -- 'argv:--node_rank=0' <<<"$after" || fail "task 0: $after"
  grep -qx -- 'argv:--node_rank=1' <<<"$after" || fail "task 1 still gets the batch shell's value: $after"
  [ "$(grep -v node_rank <<<"$after")" = "$(grep -v node_rank <<<"$before")" ] ||
    fail "other arguments changed: [$after] was [$before]"
  grep -qx -- 'argv:--master_addr=node01' <<<"$after" || fail "the batch shell's \$head was lost: $after"
  grep -qx -- "argv:it's" <<<"$after" || fail "the quoted argument changed: $after"
  ;;
per-task)
  # c. Eight srun tasks per node, each a torchrun of eight processes.
  cat >"$tmp/job.sbatch" <<'EOF'
#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=8
#SBATCH --gres=gpu:8
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 train.py
EOF
  roundtrip "$tmp/job.sbatch" lint.slurm.torchrun-per-task
  bash -n "$tmp/job.sbatch" || fail "bash -n rejects the fixed file"
  grep -qx -- '#SBATCH --ntasks-per-node=1' "$tmp/job.sbatch" || fail "directive: $(cat "$tmp/job.sbatch")"
  ;;
rendezvous)
  # d. --nnodes=2, no --node_rank, no rendezvous backend: both nodes are node 0.
  cat >"$tmp/run.sh" <<'EOF'
#!/bin/bash
MASTER=node01
torchrun --nnodes=2 --nproc_per_node=8 \
  --master_addr=$MASTER \
  --master_port=29500 \
  train.py
EOF
  roundtrip "$tmp/run.sh" lint.torch.static-rendezvous-no-node-rank
  bash -n "$tmp/run.sh" || fail "bash -n rejects the fixed file: $(cat "$tmp/run.sh")"
  stubs
  got=$(batch "$tmp/run.sh")
  grep -qx -- 'argv:--rdzv_backend=c10d' <<<"$got" || fail "no c10d backend: $got"
  grep -qx -- 'argv:--rdzv_endpoint=node01:29500' <<<"$got" || fail "endpoint: $got"
  grep -qx -- 'argv:train.py' <<<"$got" || fail "the script was lost: $got"
  ;;
environ)
  # e. os.environ["MASTER_PORT"] = 29500: TypeError at that line.
  cat >"$tmp/train.py" <<'EOF'
import os

os.environ["MASTER_ADDR"] = "10.0.0.5"
os.environ["MASTER_PORT"] = 29500
os.environ.setdefault("NCCL_IB_DISABLE", 1)
print(os.environ["MASTER_PORT"], os.environ["NCCL_IB_DISABLE"])
EOF
  $py "$tmp/train.py" 2>"$tmp/pyerr" && fail "the input should stop with TypeError"
  grep -q "TypeError: str expected, not int" "$tmp/pyerr" || fail "python's error: $(cat "$tmp/pyerr")"
  run lint --json "$tmp/train.py"
  run lint --fix "$tmp/train.py"
  # two findings on two lines: one --fix applies both
  run lint --json "$tmp/train.py"
  has lint.python.environ-not-str && fail "still found after --fix: $(cat "$tmp/train.py")"
  $py -c 'import ast,sys; compile(open(sys.argv[1]).read(), sys.argv[1], "exec")' "$tmp/train.py" || fail "not Python"
  out=$(env -i PATH=/usr/bin:/bin $py "$tmp/train.py") || fail "the fixed file still stops: $(cat "$tmp/train.py")"
  [ "$out" = "29500 1" ] || fail "values: $out"
  ;;
strategy)
  # f. A dataset built before MultiWorkerMirroredStrategy() (the stranger's keras_bad.py, its
  # pipeline written in order so that only this rule edits these lines).
  cat >"$tmp/train.py" <<'EOF'
import json
import os
import tensorflow as tf

os.environ["TF_CONFIG"] = json.dumps({
    "cluster": {"worker": ["host1:12345", "host2:12345"]},
    "task": {"type": "worker", "index": 0},
})

(x, y), _ = tf.keras.datasets.mnist.load_data()
dataset = tf.data.Dataset.from_tensor_slices((x, y)).cache().shuffle(10000).batch(64).prefetch(tf.data.AUTOTUNE)

strategy = tf.distribute.MultiWorkerMirroredStrategy()
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Flatten(), tf.keras.layers.Dense(10)])
    model.compile("adam", "sparse_categorical_crossentropy")

model.fit(dataset, epochs=5)
EOF
  roundtrip "$tmp/train.py" lint.tf.strategy-after-ops
  $py -c 'import ast,sys; compile(open(sys.argv[1]).read(), sys.argv[1], "exec")' "$tmp/train.py" || fail "not Python"
  # The order a run would see: TF_CONFIG, then the strategy, then the dataset.
  $py - "$tmp/train.py" <<'PY' || fail "order: $(cat "$tmp/train.py")"
import ast, sys
tree = ast.parse(open(sys.argv[1]).read())
order = [ast.unparse(s)[:40] for s in tree.body]
idx = lambda text: next(i for i, s in enumerate(order) if text in s)
assert idx("os.environ['TF_CONFIG']") < idx("strategy = tf.distribute") < idx("dataset = tf.data"), order
PY
  ;;
b-quotes)
  # b03: MASTER_ADDR='$(scontrol ...)' single-quoted: every rank gets the literal text.
  cat >"$tmp/job.sbatch" <<'EOF'
#!/bin/bash
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
export MASTER_ADDR='$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)'
export MASTER_PORT=12355
srun python run_pretraining.py --bf16
EOF
  stubs
  printf '#!/bin/bash\necho "MASTER_ADDR=$MASTER_ADDR"\n' >"$tmp/bin/python"
  chmod +x "$tmp/bin/python"
  before=$(batch "$tmp/job.sbatch")
  grep -qx 'MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)' <<<"$before" ||
    fail "the input should hand the ranks the literal text: $before"
  roundtrip "$tmp/job.sbatch" lint.shell.single-quoted-expansion
  bash -n "$tmp/job.sbatch" || fail "bash -n rejects the fixed file: $(cat "$tmp/job.sbatch")"
  after=$(batch "$tmp/job.sbatch")
  [ "$(sort -u <<<"$after")" = "MASTER_ADDR=node01" ] || fail "the ranks get [$after]"
  ;;
b-port)
  # b45: MASTER_PORT=$((20000 + SLURM_JOB_ID)) above 65535 for a job id of 123456.
  cat >"$tmp/job.sbatch" <<'EOF'
#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
export MASTER_PORT=$((20000 + SLURM_JOB_ID))
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun torchrun --nnodes=$SLURM_NNODES --nproc_per_node=4 \
  --rdzv_id=$SLURM_JOB_ID --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:$MASTER_PORT \
  train.py
EOF
  stubs
  # the batch shell of job $1 (batch's environment plus SLURM_JOB_ID): the port torchrun is given
  job() {
    env -i PATH="$tmp/bin:/usr/bin:/bin" SLURM_PROCID=0 SLURM_NODEID=0 SLURM_JOB_NODELIST=node[01-02] SLURM_NNODES=2 \
      SLURM_JOB_ID="$1" bash "$tmp/job.sbatch" | sed -n 's/^argv:--rdzv_endpoint=node01://p' | sort -u
  }
  [ "$(job 123456)" = 143456 ] || fail "the input's port for job 123456: $(job 123456)"
  roundtrip "$tmp/job.sbatch" lint.shell.port-out-of-range
  bash -n "$tmp/job.sbatch" || fail "bash -n rejects the fixed file: $(cat "$tmp/job.sbatch")"
  for id in 1 45536 123456 67043328; do
    p=$(job $id)
    [ -n "$p" ] && [ "$p" -ge 20000 ] && [ "$p" -le 29999 ] || fail "job $id: port [$p]: $(cat "$tmp/job.sbatch")"
  done
  [ "$(job 123456)" != "$(job 123457)" ] || fail "neighbouring jobs share a port"
  ;;
b-slots)
  # b08: horovodrun -np 16 with 8 slots. The stub refuses as horovodrun's get_host_assignments does.
  cat >"$tmp/run.sh" <<'EOF'
#!/bin/bash
# two 4-GPU servers
horovodrun -np 16 -H server1:4,server2:4 \
  --network-interface eth0 \
  python train_hvd.py --epochs 90 --batch-size 64
EOF
  mkdir -p "$tmp/bin"
  cat >"$tmp/bin/horovodrun" <<'EOF'
#!/bin/bash
while [ $# -gt 0 ]; do
  case $1 in -np) np=$2; shift 2 ;; -H) hosts=$2; shift 2 ;; --network-interface) shift 2 ;; *) break ;; esac
done
slots=0; for h in ${hosts//,/ }; do slots=$((slots + ${h##*:})); done
[ "$np" -le "$slots" ] || { echo "Requested more processes ($np) than there are available slots ($slots)"; exit 1; }
echo "started $np of $slots"
EOF
  chmod +x "$tmp/bin/horovodrun"
  PATH="$tmp/bin:$PATH" bash "$tmp/run.sh" >/dev/null && fail "the stub should refuse the input"
  roundtrip "$tmp/run.sh" lint.launch.np-exceeds-slots
  bash -n "$tmp/run.sh" || fail "bash -n rejects the fixed file"
  out=$(PATH="$tmp/bin:$PATH" bash "$tmp/run.sh") || fail "the fixed file is refused: $out"
  [ "$out" = "started 8 of 8" ] || fail "$out"
  ;;
b-command-env)
  # c10, b14: NCCL_DEBUG=INFO passed by mpirun -x / docker run -e. The printed line replaces the
  # one that sets it (as a user pastes it); the stubs print what the ranks / container get.
  cat >"$tmp/c10.sh" <<'EOF'
#!/bin/bash
mpirun -np 16 \
    --hostfile hosts.txt \
    -x NCCL_DEBUG=INFO -x NCCL_SOCKET_IFNAME=ens5 -x LD_LIBRARY_PATH -x PATH \
    python train_horovod.py
EOF
  cat >"$tmp/b14.sh" <<'EOF'
#!/bin/bash
docker run --rm --gpus all --ipc=host --network=host \
  -e NCCL_DEBUG=INFO \
  myorg/trainer:latest \
  torchrun --nnodes=1 --nproc_per_node=8 train.py
EOF
  mkdir -p "$tmp/bin"
  printf '#!/bin/bash\nprintf "%%s\\n" "$@"\n' >"$tmp/bin/mpirun"
  cp "$tmp/bin/mpirun" "$tmp/bin/docker"
  chmod +x "$tmp/bin/"*
  for f in c10 b14; do
    run lint --json "$tmp/$f.sh"
    line=$($py - "$tmp/out" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
f = [f for f in doc["findings"] if f["id"] == "env.perf.debug-info"]
assert len(f) == 1, doc["findings"]
assert not f[0]["fix"].get("env"), f[0]["fix"]
print(f[0]["fix"]["text"].splitlines()[-1])
PY
) || fail "$f: the note's fix: $(cat "$tmp/out")"
    run lint "$tmp/$f.sh"
    grep -q "export NCCL_DEBUG" "$tmp/out" && fail "$f: an export is still printed: $(cat "$tmp/out")"
    # paste the printed line over the line that sets NCCL_DEBUG=INFO, keeping its indentation
    $py - "$tmp/$f.sh" "$line" <<'PY'
import sys
path, new = sys.argv[1], sys.argv[2]
lines = open(path).read().split("\n")
i = next(i for i, l in enumerate(lines) if "NCCL_DEBUG=INFO" in l)
lines[i] = lines[i][: len(lines[i]) - len(lines[i].lstrip())] + new
open(path, "w").write("\n".join(lines))
PY
    bash -n "$tmp/$f.sh" || fail "$f: bash -n rejects the pasted file: $(cat "$tmp/$f.sh")"
    got=$(PATH="$tmp/bin:$PATH" bash "$tmp/$f.sh")
    grep -qx 'NCCL_DEBUG=WARN' <<<"$got" || fail "$f: the ranks do not get NCCL_DEBUG=WARN: $got"
    grep -q 'NCCL_DEBUG=INFO' <<<"$got" && fail "$f: INFO still passed: $got"
    run lint --json "$tmp/$f.sh"
    has env.perf.debug-info && fail "$f: the note is still there after pasting: $(cat "$tmp/$f.sh")"
  done
  ;;
b-nnodes)
  # b43: a PyTorchJob of 3 pods whose torchrun says --nnodes=2; the fixed manifest through PyYAML.
  cat >"$tmp/job.yaml" <<'EOF'
apiVersion: kubeflow.org/v1
kind: PyTorchJob
metadata:
  name: bert-ddp
spec:
  pytorchReplicaSpecs:
    Master:
      replicas: 1
      template:
        spec:
          containers:
            - name: pytorch
              image: myorg/bert:2.0
              command: ["torchrun"]
              args: ["--nnodes=2", "--nproc_per_node=4", "run_glue.py"]
              resources: {limits: {nvidia.com/gpu: 4}}
              volumeMounts: [{name: dshm, mountPath: /dev/shm}]
          volumes: [{name: dshm, emptyDir: {medium: Memory}}]
    Worker:
      replicas: 2
      template:
        spec:
          containers:
            - name: pytorch
              image: myorg/bert:2.0
              command:
                - bash
                - -c
                - torchrun --nnodes 2 --nproc_per_node=4 run_glue.py
              resources: {limits: {nvidia.com/gpu: 4}}
              volumeMounts: [{name: dshm, mountPath: /dev/shm}]
          volumes: [{name: dshm, emptyDir: {medium: Memory}}]
EOF
  roundtrip "$tmp/job.yaml" lint.k8s.nnodes-not-replicas
  $py - "$tmp/job.yaml" <<'PY' || fail "the fixed manifest: $(cat "$tmp/job.yaml")"
import sys, yaml
doc = yaml.safe_load(open(sys.argv[1]))
specs = doc["spec"]["pytorchReplicaSpecs"]
total = sum(s["replicas"] for s in specs.values())
master = specs["Master"]["template"]["spec"]["containers"][0]["args"]
worker = specs["Worker"]["template"]["spec"]["containers"][0]["command"][2]
assert total == 3, total
assert "--nnodes=3" in master, master
assert worker.split()[1:3] == ["--nnodes", "3"], worker
PY
  ;;
b-cpus)
  # b37: the --ntasks-per-node=1 edit must keep each node's CPUs (8 tasks x 10 before).
  cat >"$tmp/job.sbatch" <<'EOF'
#!/bin/bash
#SBATCH --job-name=mae
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=10
#SBATCH --time=48:00:00

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)

srun torchrun --nnodes=$SLURM_NNODES --nproc_per_node=8 \
  --rdzv_id=$SLURM_JOB_ID --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 \
  main_pretrain.py --batch_size 64 --model mae_vit_large_patch16
EOF
  # CPUs a node gets, as sbatch reads the directives: tasks per node x CPUs per task
  cpus() {
    local t c
    t=$(sed -n 's/^#SBATCH --ntasks-per-node=\([0-9]*\)$/\1/p' "$tmp/job.sbatch")
    c=$(sed -n 's/^#SBATCH --cpus-per-task=\([0-9]*\)$/\1/p' "$tmp/job.sbatch")
    echo "$t x $c = $((t * c))"
  }
  [ "$(cpus)" = "8 x 10 = 80" ] || fail "input: $(cpus)"
  roundtrip "$tmp/job.sbatch" lint.slurm.torchrun-per-task
  bash -n "$tmp/job.sbatch" || fail "bash -n rejects the fixed file"
  [ "$(cpus)" = "1 x 80 = 80" ] || fail "after the fix: $(cpus): $(cat "$tmp/job.sbatch")"
  ;;
b-names)
  # b39, b11, c12: a .env file and Dockerfile-named files, refused (exit 2) or skipped in silence before.
  mkdir -p "$tmp/job"
  cat >"$tmp/job/cluster.env" <<'EOF'
# sourced by launch scripts on every node
NCCL_SOCKET_IFNAME=^lo,docker0
NCCL_DEBUG=WARN
MASTER_ADDR=127.0.0.1
MASTER_PORT=29500
NNODES=4
EOF
  printf 'FROM x\nENV MASTER_ADDR=localhost\nCMD torchrun --nnodes=2 --nproc_per_node=8 t.py\n' >"$tmp/job/b11_Dockerfile.localhost"
  printf '# notes\n' >"$tmp/job/README.md"
  run lint "$tmp/job/b11_Dockerfile.localhost"
  [ "$rc" = 1 ] || fail "x_Dockerfile named: exit $rc: $(cat "$tmp/out" "$tmp/err")"
  run lint "$tmp/job"
  [ "$rc" = 1 ] || fail "folder: exit $rc: $(cat "$tmp/out" "$tmp/err")"
  grep -q "Linted 2 files" "$tmp/out" || fail "folder: $(cat "$tmp/out")"
  grep -q "Skipped 1 file in the folders that lint does not read (.*): $tmp/job/README.md." "$tmp/out" ||
    fail "the skipped file is not named: $(cat "$tmp/out")"
  run lint --json "$tmp/job/cluster.env"
  [ "$rc" = 1 ] || fail ".env named: exit $rc: $(cat "$tmp/err")"
  has lint.launch.master-addr-localhost || fail ".env: $(cat "$tmp/out")"
  # the printed fix, pasted over line 4 with the rank-0 host filled in, is read by bash (sourced)
  # and is an env file docker --env-file takes: comments on their own lines, NAME=value
  $py - "$tmp/out" "$tmp/job/cluster.env" <<'PY' || fail "paste: $(cat "$tmp/out")"
import json, sys
doc = json.load(open(sys.argv[1]))
f = next(f for f in doc["findings"] if f["id"] == "lint.launch.master-addr-localhost")
assert f["location"]["line"] == 4 and not f["fix"].get("env"), f
lines = open(sys.argv[2]).read().split("\n")
lines[3:4] = f["fix"]["text"].replace("=RANK0_HOST", "=node01").split("\n")
open(sys.argv[2], "w").write("\n".join(lines))
PY
  got=$(env -i bash -c 'set -a; . "$1"; echo "$MASTER_ADDR $NNODES"' _ "$tmp/job/cluster.env") || fail "bash cannot source it"
  [ "$got" = "node01 4" ] || fail "sourced: $got"
  $py - "$tmp/job/cluster.env" <<'PY' || fail "not an env file: $(cat "$tmp/job/cluster.env")"
import re, sys
for l in open(sys.argv[1]).read().splitlines():
    assert not l or l.startswith("#") or re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=[^#\s]*", l), l
PY
  run lint --json "$tmp/job/cluster.env"
  [ "$(errors)" = "" ] || fail "errors after the fix: $(errors)"
  ;;
*) fail "unknown case" ;;
esac
echo "PASS [$case]"
