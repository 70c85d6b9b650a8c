#!/bin/bash
# Runs r13 (4 ranks, 2 per node) and r25 before/after the fix with stand-in torch modules (made in a mktemp -d).
cd "$(dirname "$0")/.."
T=$(mktemp -d); mkdir -p "$T/torch"
cat > "$T/torch/__init__.py" <<'PY'
class A:
    def __getattr__(self, n): return A()
    def __call__(self, *a, **k): return A()
    def __eq__(self, o): return A()
    def item(self): return 1
def __getattr__(name):
    return A()
from . import distributed  # noqa
PY
cat > "$T/torch/distributed.py" <<'PY'
import os
def _rec(name):
    def f(*a, **k):
        print(f"rank{os.environ.get('RANK')} local{os.environ.get('LOCAL_RANK')} {name}")
    return f
init_process_group = _rec("init_process_group")
destroy_process_group = _rec("destroy_process_group")
all_gather_object = _rec("all_gather_object")
def get_world_size(): return int(os.environ.get("WORLD_SIZE", "4"))
def get_rank(): return int(os.environ.get("RANK", "0"))
PY
for v in cases fixed; do echo "### $v/r13 (collectives each rank calls)"; for r in 0 1 2 3; do env PYTHONPATH="$T" RANK=$r LOCAL_RANK=$((r%2)) WORLD_SIZE=4 /usr/bin/python3 $v/r13_gather_local_rank.py 2>&1 | grep -v accuracy | tr '\n' ' '; echo; done; done
for v in cases fixed; do echo "### $v/r25"; env PYTHONPATH="$T" RANK=0 /usr/bin/python3 -c "
import runpy, os
try:
    runpy.run_path('$v/r25_environ_update_kwargs.py'); print('NCCL_NSOCKS_PERTHREAD =', repr(os.environ['NCCL_NSOCKS_PERTHREAD']))
except TypeError as e: print('TypeError:', e)" 2>&1 | tr '\n' ' '; echo; done
rm -rf "$T"
