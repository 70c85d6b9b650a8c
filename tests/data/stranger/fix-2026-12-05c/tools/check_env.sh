#!/bin/bash
# For each env case: bash -n on --export and --export-format sh/slurm/torchrun; eval --export (and source sh)
# under env -i with the case's variables, then the audit again; dockerfile ENV lines, k8s via PyYAML, tf via json.
set -u
B=${1:-/work/eval-bin6/distdoctor}
cd "$(dirname "$0")/.."
for v in cases/env/*.vars; do
  id=$(basename "$v"); id=${id%%_*}
  mapfile -t vars < "$v"
  n=""; for x in export sh slurm torchrun; do bash -n "out/env/$id.$x" 2>/dev/null || n="$n $x:BASH-FAIL"; done
  after=$(env -i "${vars[@]}" PATH=/usr/bin:/bin bash -c 'eval "$(cat "$1")"; "$2" env --no-color 2>&1 | grep -E "^(ERROR|WARNING|INFO|OK)" | cut -c1-110 | tr "\n" ";"' _ "out/env/$id.export" "$B")
  after_sh=$(env -i "${vars[@]}" PATH=/usr/bin:/bin bash -c 'source "$1"; "$2" env --no-color 2>&1 | grep -E "^(ERROR|WARNING|INFO|OK)" | cut -c1-110 | tr "\n" ";"' _ "out/env/$id.sh" "$B")
  dk=$(grep -E '^ENV ' "out/env/$id.dockerfile" | /usr/bin/python3 -c '
import sys, shlex
for l in sys.stdin:
    w = shlex.split(l[4:])
    assert all("=" in x for x in w), l
print("ENV ok")' 2>&1 | tail -1)
  k8s=$(/usr/bin/python3 -c 'import yaml,sys; d=yaml.safe_load(open(sys.argv[1])); e=d["spec"]["containers"][0]["env"]; assert all(isinstance(x["value"], str) for x in e); print("k8s ok", len(e), "entries")' "out/env/$id.k8s" 2>&1 | tail -1)
  tf=$(/usr/bin/python3 -c 'import json,sys; json.load(open(sys.argv[1])); print("tf json ok")' "out/env/$id.tf" 2>&1 | tail -1)
  echo "$id: bash -n${n:- ok}; after eval --export: $after | after source sh: $after_sh | $dk | $k8s | $tf"
done
