#!/bin/bash
# usage: tools/run_py.sh TMPDIR: each changed Python case, original and fixed, as rank 0 and rank 1 under tools/pystub.py
T=${1:?}; B=$(cd "$(dirname "$0")/.." && pwd)
cd "$T" && for f in p13_ddp_rank_branch.py p31_hvd_rank_branch.py p16_tf_parallel_calls.py p14_ddp_env_int.py p24_tf_unknown_card.py; do
  for d in cases fixed; do for r in 0 1; do
    echo "== $f $d RANK=$r"; RANK=$r LOCAL_RANK=0 timeout 20 /usr/bin/python3 "$B/tools/pystub.py" "$B/$d/$f" 0 2>&1 | grep -v '^step \|^[0-9] ' | tail -3
  done; done
done > "$B/out/checks/py_stub_runs.txt"
