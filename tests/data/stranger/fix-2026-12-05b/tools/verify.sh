#!/bin/bash
# Parses every fixed/pasted file with its real parser and runs shell files with stub launchers,
# comparing the argv each launcher receives before and after the fix. Stubs live in a mktemp -d folder.
set -u
cd "$(dirname "$0")/.."
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
mkdir -p "$T/bin" "$T/py/tensorflow/data" "$T/py/torch/distributed"
for p in deepspeed mpirun horovodrun torchrun docker clush python python3; do
  printf '#!/bin/bash\n{ printf "%%s" "%s"; for a in "$@"; do printf " [%%s]" "$a"; done; for v in NCCL_SOCKET_IFNAME GLOO_SOCKET_IFNAME CUDA_VISIBLE_DEVICES; do [ -n "${!v+x}" ] && printf " {%%s=%%s}" "$v" "${!v}"; done; echo; } >> "$LOG"\n' "$p" > "$T/bin/$p"
done
# srun: logs, then runs the command as each of 2 tasks would (bash -c strings through a fresh bash)
cat > "$T/bin/srun" <<'S'
#!/bin/bash
{ printf "srun"; for a in "$@"; do printf " [%s]" "$a"; done; echo; } >> "$LOG"
while [[ $# -gt 0 && $1 == -* ]]; do shift; done
for id in 0 1; do SLURM_NODEID=$id SLURM_PROCID=$id "$@"; done
S
# ssh: the remote string runs in a shell that has none of this script's variables
cat > "$T/bin/ssh" <<'S'
#!/bin/bash
{ printf "ssh"; for a in "$@"; do printf " [%s]" "$a"; done; echo; } >> "$LOG"
host=$1; shift
env -i PATH="$PATH" LOG="$LOG" HOME="$HOME" bash -c "$*"
S
printf '#!/bin/bash\nprintf "node-a\\n"\n' > "$T/bin/scontrol"; mkdir -p "$T/proj"
printf '#!/bin/bash\necho "default via 10.0.0.1 dev ens5  ens5"\n' > "$T/bin/ip"
chmod +x "$T/bin/"*
run_sh() { # file args...
  local f=$1; shift
  LOG=$T/log.$RANDOM$RANDOM; : > "$LOG"
  ( cd "$(dirname "$f")" && env -i PATH="$T/bin:/usr/bin:/bin" LOG="$LOG" HOME="$T" SLURM_JOB_NODELIST="node-[a-b]" SLURM_JOB_ID=987654 SLURM_NNODES=2 bash "$(basename "$f")" "$@" >/dev/null 2>"$T/err"; echo "exit=$?" >> "$LOG"; cat "$T/err" >> "$LOG" )
  cat "$LOG"
}
echo "## shell: bash -n and stub runs (original -> fixed)"
for f in fixed/*.sh fixed/*.sbatch pasted/*.sh pasted/*.sbatch; do
  n=$(basename "$f"); echo "### $f"; bash -n "$f" && echo "bash -n ok"
  run_sh "cases/$n" 1 > "$T/before"; run_sh "$f" 1 > "$T/after"
  if cmp -s "$T/before" "$T/after"; then echo "  argv unchanged:"; sed 's/^/    /' "$T/after"; else echo "  before:"; sed 's/^/    /' "$T/before"; echo "  after:"; sed 's/^/    /' "$T/after"; fi
done
echo "## env file through a sourcing shell"
for f in fixed/*.env; do echo "### $f"; env -i bash -c "set -a; . $f; env | grep -E 'NCCL|MASTER'"; done
echo "## Python: ast, then every module-level/function free name bound (symtable), then stub runs"
for f in fixed/*.py pasted/*.py; do
  echo "### $f"; /usr/bin/python3 - "$f" <<'P'
import ast, sys, symtable, builtins
src = open(sys.argv[1], newline='').read()
ast.parse(src); print("ast ok")
top = symtable.symtable(src, sys.argv[1], "exec")
def walk(t, bound_mod):
    for s in t.get_symbols():
        if t.get_type() == "function" and s.is_global() and s.is_referenced() and s.get_name() not in bound_mod and not hasattr(builtins, s.get_name()):
            print(f"UNBOUND in {t.get_name()}(): {s.get_name()} (NameError when it runs)")
    for c in t.get_children(): walk(c, bound_mod)
bound = {s.get_name() for s in top.get_symbols() if s.is_assigned() or s.is_imported()}
walk(top, bound)
P
done
echo "## YAML through PyYAML"
for f in fixed/*.yaml pasted/*.yaml; do /usr/bin/python3 -c 'import yaml,sys; d=list(yaml.safe_load_all(open(sys.argv[1]))); print(sys.argv[1], "yaml ok", len(d), "doc")' "$f"; done
echo "## Dockerfile exec/shell forms run through /bin/sh with stubs"
for f in cases/Dockerfile.q07 fixed/Dockerfile.q07; do
  LOG=$T/log; : > "$LOG"; /usr/bin/python3 - "$f" "$T" <<'P'
import json, sys, subprocess, os
line = [l for l in open(sys.argv[1]) if l.startswith("ENTRYPOINT")][0]
argv = json.loads(line[len("ENTRYPOINT"):]) + ["--epochs", "3"]
env = {"PATH": sys.argv[2] + "/bin:/usr/bin:/bin", "LOG": sys.argv[2] + "/log", "NPROC": "8"}
subprocess.run(argv, env=env)
P
  echo "$f: $(cat "$LOG")"
done
for f in cases/Dockerfile.q21 fixed/Dockerfile.q21; do
  LOG=$T/log; : > "$LOG"; cmd=$(sed -n 's/^CMD //p' "$f")
  env -i PATH="$T/bin:/usr/bin:/bin" LOG="$LOG" MASTER_ADDR=10.1.0.5 /bin/sh -c "$cmd"; echo "$f: $(cat "$LOG")"
done

echo "## Python stub runs (stub tensorflow / torch modules that only record calls)"
cat > "$T/py/tensorflow/__init__.py" <<'P'
from . import data, distribute
P
cat > "$T/py/tensorflow/data/__init__.py" <<'P'
AUTOTUNE = -1
class _DS:
    def map(self, f, num_parallel_calls=None): print("map num_parallel_calls", num_parallel_calls); return self
    def __getattr__(self, n): return lambda *a, **k: self
def TFRecordDataset(files): return _DS()
class Dataset:
    @staticmethod
    def from_tensor_slices(x): print("dataset built (runtime starts)"); return _DS()
P
cat > "$T/py/tensorflow/distribute.py" <<'P'
class experimental:
    class CommunicationImplementation: RING = "RING"
    @staticmethod
    def CommunicationOptions(implementation=None): return {"implementation": implementation}
def MultiWorkerMirroredStrategy(communication_options=None):
    print("MWMS built with", communication_options); raise SystemExit(0)
P
cat > "$T/py/torch/__init__.py" <<'P'
from . import cuda, distributed
P
cat > "$T/py/torch/cuda.py" <<'P'
def device_count(): return 4
def set_device(i):
    if i >= device_count(): raise RuntimeError(f"CUDA error: invalid device ordinal (set_device({i}) with 4 GPUs)")
    print("set_device", i)
P
cat > "$T/py/torch/distributed/__init__.py" <<'P'
_r = None
def init_process_group(backend, rank=None, world_size=None, **k):
    global _r; _r = rank; print("init_process_group rank", rank, "world", world_size)
def get_rank(): return _r
P
mkdir -p "$T/py/numpy/random"; cat > "$T/py/numpy/__init__.py" <<'P'
from . import random
P
cat > "$T/py/numpy/random/__init__.py" <<'P'
class _A:
    def astype(self, t): return self
def rand(*s): return _A()
P
pyrun() { ( cd "$(dirname "$1")" && env -i PATH=/usr/bin:/bin PYTHONPATH="$T/py" TF_CONFIG='{"task":{"type":"worker","index":0}}' SLURM_LOCALID=1 SLURM_PROCID=5 SLURM_NTASKS=8 /usr/bin/python3 -c 'import runpy,sys; m=runpy.run_path(sys.argv[1], run_name="__main__")' "$(basename "$1")" 2>&1 | tail -3 ); }
echo "### q13 make_dataset() (original, then fixed) — the function called directly"
for f in cases/q13_npc_local_import.py fixed/q13_npc_local_import.py; do
  echo "$f:"; ( cd "$(dirname "$f")" && env -i PYTHONPATH="$T/py" /usr/bin/python3 -c 'import runpy,sys; m=runpy.run_path(sys.argv[1]); m["make_dataset"](["a.tfrecord"]); print("make_dataset ok")' "$(basename "$f")" 2>&1 | tail -1 )
done
echo "### q14 (original, pasted: the strategy line moved above line 9 as the fix says)"
for f in cases/q14_strategy_after_ops.py pasted/q14_strategy_after_ops.py; do echo "$f:"; pyrun "$f"; done
echo "### q28 as task 5 of 8 (node 2, SLURM_LOCALID=1, SLURM_PROCID=5), 4 GPUs per node (original, fixed)"
for f in cases/q28_localid_rank.py fixed/q28_localid_rank.py; do echo "$f:"; pyrun "$f"; done
