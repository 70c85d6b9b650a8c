#!/bin/bash
# bash -n, a stub run and lint for each launch-template and for the slurm/torchrun export formats.
# Usage: bash tools/check_templates.sh STUBDIR [BINARY]  (STUBDIR made by tools/stubs.sh)
set -u
T=$1; B=${2:-/work/eval-bin6/distdoctor}
cd "$(dirname "$0")/.."
W=$(mktemp -d)
printf 'node001 slots=2\nnode002 slots=2\nnode003 slots=2\n' > "$W/hostfile"
for f in out/template/*.txt out/env/e01.slurm out/env/e01.torchrun out/check/check.slurm out/check/check.torchrun; do
  id=$(echo "$f" | tr / _)
  bash -n "$f" && n="bash -n ok" || n="BASH FAIL"
  cp "$f" "$W/$id.sh"
  rm -f "$T/log"; touch "$T/log"
  err=$(cd "$W" && env -i PATH="$T/bin:/usr/bin:/bin" STUB_LOG="$T/log" STUB_NODES=3 SLURM_NNODES=3 SLURM_JOB_ID=77 \
        SLURM_JOB_NODELIST='node[001-003]' NODE_RANK=1 MASTER_ADDR=node001 TASK_INDEX=1 bash "$id.sh" 2>&1 | tr '\n' ' ')
  lint=$(cd "$W" && "$B" lint --no-color "$id.sh" 2>&1 | grep -E '^(ERROR|WARNING|INFO|OK)' | cut -c1-120 | tr '\n' ';')
  echo "### $f: $n; stderr: ${err:-none}; lint: $lint"
  tr '\n' ' ' < "$T/log"; echo
done
rm -rf "$W"
