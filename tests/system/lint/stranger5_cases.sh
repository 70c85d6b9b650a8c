#!/bin/bash
# Issue 27: the fifth stranger's run (tests/data/stranger/fix-2026-12-05b): two misses and two fixes whose
# words were not true of the input, as the stranger wrote them. Each case: lint finds the rule, the fix is
# applied (`lint --fix`, or the printed line pasted where it says), the result goes through its real
# consumer (bash with stub srun/torchrun that print what each task gets; /usr/bin/python3 run with stub
# modules) and lint again has no such finding and no new error. Usage: stranger5_cases.sh DISTDOCTOR CASE
set -u
dd=$1 case=$2
py=/usr/bin/python3
tmp=$(mktemp -d /tmp/dd-stranger5.$$.XXXXXX)
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
e-crlf)
  # q19: saved with CRLF in Notepad, run from WSL: torchrun received `train.py\r`.
  printf '%s\r\n' '#!/bin/bash' '# edited in Notepad on Windows, submitted from WSL' 'export NCCL_SOCKET_IFNAME=eth0' \
    'torchrun --nnodes=2 --nproc_per_node=1 --rdzv_backend=c10d --rdzv_endpoint=10.0.0.5:29500 train.py' >"$tmp/run.sh"
  stubs
  printf '#!/bin/bash\nprintf "argv:%%s\\n" "$@"\nprintf "ifname:%%s\\n" "$NCCL_SOCKET_IFNAME"\n' >"$tmp/bin/torchrun"
  got=$(batch "$tmp/run.sh")
  grep -qx $'argv:train.py\r' <<<"$got" || fail "the stub should see the CR before the fix: $(cat -A <<<"$got")"
  run lint --json "$tmp/run.sh"
  fix_text lint.shell.crlf-line-endings | grep -qF "sed -i 's/\\r\$//'" || fail "printed fix: $(cat "$tmp/out")"
  # the printed command, as a user pastes it, on a copy; --fix on the file: the same bytes
  cp "$tmp/run.sh" "$tmp/pasted.sh"
  sed -i 's/\r$//' "$tmp/pasted.sh"
  roundtrip "$tmp/run.sh" lint.shell.crlf-line-endings
  cmp -s "$tmp/run.sh" "$tmp/pasted.sh" || fail "--fix and the printed sed differ: $(diff "$tmp/run.sh" "$tmp/pasted.sh")"
  grep -q $'\r' "$tmp/run.sh" && fail "a CR is left: $(cat -A "$tmp/run.sh")"
  bash -n "$tmp/run.sh" || fail "bash -n rejects the fixed file"
  got=$(batch "$tmp/run.sh")
  grep -qx 'argv:train.py' <<<"$got" && grep -qx 'ifname:eth0' <<<"$got" || fail "torchrun got: $(cat -A <<<"$got")"
  ;;
e-random-arith)
  # q30: MASTER_PORT=$((20000 + RANDOM % 10000)) inside srun bash -c '...': each task its own port.
  cat >"$tmp/job.sbatch" <<'EOF'
#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
set -euo pipefail
head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun bash -c 'export MASTER_PORT=$((20000 + RANDOM % 10000))
torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d \
  --rdzv_endpoint='"$head"':$MASTER_PORT train.py'
EOF
  run lint --json "$tmp/job.sbatch"
  has lint.slurm.rendezvous-per-task || fail "not found: $(cat "$tmp/out")"
  before=$(errors | grep -vx lint.slurm.rendezvous-per-task)
  fix=$(fix_text lint.slurm.rendezvous-per-task)
  # pasted as it says: the export before srun, the line inside the quotes dropped (srun's string then
  # opens on the torchrun line)
  $py - "$tmp/job.sbatch" "$fix" <<'PY'
import sys
text = open(sys.argv[1]).read()
text = text.replace("srun bash -c 'export MASTER_PORT=$((20000 + RANDOM % 10000))\n", sys.argv[2] + "\nsrun bash -c '")
open(sys.argv[1], "w").write(text)
PY
  relint "$tmp/job.sbatch" lint.slurm.rendezvous-per-task "$before"
  bash -n "$tmp/job.sbatch" || fail "bash -n rejects the fixed file"
  stubs
  got=$(batch "$tmp/job.sbatch")
  ends=$(grep -- '^argv:--rdzv_endpoint=' <<<"$got")
  [ "$(wc -l <<<"$ends")" = 2 ] && [ "$(sort -u <<<"$ends")" = "argv:--rdzv_endpoint=node01:24242" ] ||
    fail "one endpoint for both tasks: [$ends] $(cat "$tmp/job.sbatch")"
  ;;
e-setdefault)
  # q17: os.environ.setdefault("NCCL_NSOCKS_PERTHREAD", 4): TypeError only when the variable is unset.
  cat >"$tmp/train.py" <<'EOF'
import os
import torch.distributed as dist

os.environ.setdefault("NCCL_NSOCKS_PERTHREAD", 4)
os.environ.setdefault("NCCL_SOCKET_NTHREADS", "2")
dist.init_process_group("nccl")
print(dist.get_rank(), os.environ["NCCL_NSOCKS_PERTHREAD"])
EOF
  mkdir -p "$tmp/stub/torch"
  printf '' >"$tmp/stub/torch/__init__.py"
  printf 'def init_process_group(backend):\n    pass\n\ndef get_rank():\n    return 0\n' >"$tmp/stub/torch/distributed.py"
  runpy() { env -i PYTHONPATH="$tmp/stub" "$@" $py "$tmp/train.py" 2>&1; }
  run lint --json "$tmp/train.py"
  $py - "$tmp/out" <<'PY' || fail "title: $(cat "$tmp/out")"
import json, sys
f = next(f for f in json.load(open(sys.argv[1]))["findings"] if f["id"] == "lint.python.environ-not-str")
assert f["title"].endswith("TypeError: str expected, not int when NCCL_NSOCKS_PERTHREAD is unset (setdefault keeps a value already set)"), f["title"]
PY
  # the title's condition, checked for real: set, the line runs; unset, it raises
  [ "$(runpy NCCL_NSOCKS_PERTHREAD=2)" = "0 2" ] || fail "with the variable set: $(runpy NCCL_NSOCKS_PERTHREAD=2)"
  runpy | grep -q "TypeError: str expected, not int" || fail "unset should raise: $(runpy)"
  roundtrip "$tmp/train.py" lint.python.environ-not-str
  names "$tmp/train.py"
  [ "$(runpy)" = "0 4" ] || fail "fixed, unset: $(runpy)"
  [ "$(runpy NCCL_NSOCKS_PERTHREAD=2)" = "0 2" ] || fail "fixed, set: $(runpy NCCL_NSOCKS_PERTHREAD=2)"
  ;;
e-chief-index)
  # q31: the chief with index 1 in a cluster of one chief and two workers.
  cat >"$tmp/train.py" <<'EOF'
import json
import os

tf_config = {
    "cluster": {
        "chief": ["10.0.0.10:2222"],
        "worker": ["10.0.0.11:2222", "10.0.0.12:2222"],
    },
    "task": {"type": "chief", "index": 1},
}
os.environ["TF_CONFIG"] = json.dumps(tf_config)

import tensorflow as tf  # noqa: E402

strategy = tf.distribute.MultiWorkerMirroredStrategy()
EOF
  run lint --json "$tmp/train.py"
  has tf-config.task-index-out-of-range || fail "not found: $(cat "$tmp/out")"
  before=$(errors | grep -vx tf-config.task-index-out-of-range)
  fix=$(fix_text tf-config.task-index-out-of-range)
  [ "$fix" = "use index 0, the only task of cluster.chief; the nodes of the other jobs count their own indexes from 0" ] ||
    fail "printed fix: $fix"
  sed -i 's/"type": "chief", "index": 1/"type": "chief", "index": 0/' "$tmp/train.py"
  relint "$tmp/train.py" tf-config.task-index-out-of-range "$before"
  names "$tmp/train.py"
  # run it with a stub tensorflow that checks the task against the cluster, as TF's ClusterSpec does
  mkdir -p "$tmp/stub/tensorflow"
  cat >"$tmp/stub/tensorflow/__init__.py" <<'EOF'
import json, os, types
def _strategy():
    c = json.loads(os.environ["TF_CONFIG"])
    t = c["task"]
    c["cluster"][t["type"]][int(t["index"])]  # IndexError outside the job
    print("task", t["type"], t["index"])
distribute = types.SimpleNamespace(MultiWorkerMirroredStrategy=_strategy)
EOF
  got=$(env -i PYTHONPATH="$tmp/stub" $py "$tmp/train.py" 2>&1)
  [ "$got" = "task chief 0" ] || fail "run: $got"
  ;;
*) fail "unknown case" ;;
esac
echo "PASS [$case]"
