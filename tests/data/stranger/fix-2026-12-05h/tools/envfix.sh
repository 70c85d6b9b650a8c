#!/bin/bash
# usage: tools/envfix.sh BIN OUTDIR — for each env case run by run_all.sh (OUTDIR/CASE/fmt.*): applies each
# --export-format's values to the case's environment the way its reader would (dockerfile: ENV words through
# shlex as Docker's parser splits them; k8s: the env list of the YAML; tf: each task's TF_CONFIG), re-runs
# `distdoctor env` on the result, and runs the slurm and torchrun scripts with stand-ins (tools/shims).
set -u
B=$1; O=$(realpath "$2"); HERE=$(cd "$(dirname "$0")/.." && pwd); SH=$HERE/tools/shims
NS=(); [ -n "${NETNS:-}" ] && NS=(ip netns exec "$NETNS")
for d in "$O"/*.vars "$O"/*.env; do
  [ -f "$d/fmt.tf" ] || continue
  n=$(basename "$d"); log=$d/envfix.txt; : > "$log"
  mapfile -t VARS < "$d/env.input"
  # each format's values as NAME=value lines (an empty value list when the format sets nothing)
  python3 - "$d" > "$d/envfix.values" 2>>"$log" <<'PY'
import json, shlex, sys, yaml
d = sys.argv[1]
def emit(fmt, pairs):
    for k, v in pairs: print(f"{fmt}\x1f{k}\x1f{'' if v is None else v}\x1f{'unset' if v is None else 'set'}")
pairs = []
for line in open(f"{d}/fmt.dockerfile"):
    if line.startswith("ENV "):
        for w in shlex.split(line[4:]):
            k, _, v = w.partition("="); pairs.append((k, v))
emit("dockerfile", pairs)
docs = [x for x in yaml.safe_load_all(open(f"{d}/fmt.k8s")) if x]
pairs = []
for doc in docs:
    for c in doc["spec"]["containers"]:
        for e in c.get("env", []):
            if not isinstance(e.get("value"), str): print(f"k8s value not a string: {e}", file=sys.stderr)
            pairs.append((e["name"], e.get("value")))
emit("k8s", pairs)
t = json.load(open(f"{d}/fmt.tf"))
emit("tf-env", list(t["env"].items()))
for key, tc in t["tf_config"].items():
    emit("tf[" + key + "]", list(t["env"].items()) + [("TF_CONFIG", tc)])
PY
  while IFS= read -r fmt; do
    declare -A NEW=(); UNSET=()
    while IFS=$'\x1f' read -r f k v how; do [ "$f" = "$fmt" ] || continue; if [ "$how" = unset ]; then UNSET+=("$k"); else NEW[$k]=$v; fi; done < "$d/envfix.values"
    ENVL=()
    for l in "${VARS[@]}"; do k=${l%%=*}; [ -n "${NEW[$k]+x}" ] && continue; printf '%s\n' "${UNSET[@]:-}" | grep -qx "$k" && continue; ENVL+=("$l"); done
    for k in "${!NEW[@]}"; do ENVL+=("$k=${NEW[$k]}"); done
    echo "### $fmt: environment after applying it: ${ENVL[*]}" >> "$log"
    timeout 120 "${NS[@]}" env -i PATH=/usr/bin:/bin HOME=/root "${ENVL[@]}" "$B" env --no-color 2>&1 | sed -n '/^\(ERROR\|WARNING\|INFO\)/p;/errors\?, /p' >> "$log"
    unset NEW
  done < <(cut -d$'\x1f' -f1 "$d/envfix.values" | sort -u)
  # slurm and torchrun scripts: run with stand-ins, the case's environment plus what each needs from the launcher
  echo "### slurm script run (srun/scontrol/torchrun stand-ins)" >> "$log"
  timeout 60 "${NS[@]}" env -i PATH="$SH:/usr/bin:/bin" "${VARS[@]}" SLURM_JOB_NODELIST='gpu[01-02]' bash "$d/fmt.slurm" >> "$log" 2>&1; echo "rc=$?" >> "$log"
  echo "### torchrun script run (torchrun stand-in, NODE_RANK=1 MASTER_ADDR=gpu01 given)" >> "$log"
  timeout 60 "${NS[@]}" env -i PATH="$SH:/usr/bin:/bin" "${VARS[@]}" NODE_RANK=1 MASTER_ADDR=gpu01 bash "$d/fmt.torchrun" >> "$log" 2>&1; echo "rc=$?" >> "$log"
  echo "== $n"; grep -E '^###|errors?, ' "$log" | paste - - | cut -c1-250
done
