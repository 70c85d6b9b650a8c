#!/bin/bash
# usage: tools/check_env.sh DISTDOCTOR TMPDIR (after run_all.sh): every env export checked by its parser, then applied
DD=${1:?}; T=${2:?}; B=$(cd "$(dirname "$0")/.." && pwd); O=$B/out/env; PY=/usr/bin/python3
. "$B/tools/stubs.sh"; make_stubs "$T/bin"
ids() { $PY -c 'import json,sys; print(" ".join(sorted(f["id"] for f in json.load(sys.stdin)["findings"])))'; }
cd "$B/cases/env"
for v in *.vars; do
  n=${v%.vars}; args=()
  while IFS= read -r line; do [ -n "$line" ] && args+=("$line"); done < "$v"
  echo "===== $n"
  bash -n "$O/$n.export.sh" && echo "export: bash -n ok"
  echo "before: $(env -i "${args[@]}" "$DD" env --json | ids)"
  echo "after eval --export: $(env -i "${args[@]}" bash -c 'eval "$(cat "$1")"; exec "$2" env --json' _ "$O/$n.export.sh" "$DD" | ids)"
  for fmt in sh slurm torchrun; do bash -n "$O/$n.fmt.$fmt" && echo "$fmt: bash -n ok"; done
  echo "after source --export-format sh: $(env -i "${args[@]}" bash -c '. "$1"; exec "$2" env --json' _ "$O/$n.fmt.sh" "$DD" | ids)"
  $PY - "$O/$n.fmt.dockerfile" <<'PYEOF'
import shlex, sys
bad = [l for l in open(sys.argv[1]) if l.strip() and not l.startswith("#") and not (l.startswith("ENV ") and all("=" in w for w in shlex.split(l[4:])))]
print("dockerfile: every line a comment or ENV NAME=value" if not bad else "dockerfile: BAD lines %r" % bad)
PYEOF
  $PY -c 'import yaml,sys; d=yaml.safe_load(open(sys.argv[1])); e=d["spec"]["containers"][0].get("env",[]); print("k8s: PyYAML ok, env", [(x["name"], x.get("value"), type(x.get("value")).__name__) for x in e])' "$O/$n.fmt.k8s"
  $PY -c 'import json,sys; d=json.load(open(sys.argv[1])); print("tf: json ok, env", d["env"], "tf_config", d["tf_config"], "per_host", d["per_host"])' "$O/$n.fmt.tf"
  echo "torchrun format run (NODE_RANK=0 MASTER_ADDR=192.0.2.2, stub torchrun):"
  ( cd "$T" && env -i "${args[@]}" PATH="$T/bin:/usr/bin:/bin" NODE_RANK=0 MASTER_ADDR=192.0.2.2 bash "$O/$n.fmt.torchrun" 2>&1 | cut -c1-400 )
  echo "slurm format run (stub scontrol/srun, 2 nodes):"
  ( cd "$T" && env -i "${args[@]}" PATH="$T/bin:/usr/bin:/bin" SLURM_JOB_NODELIST='node[01-02]' SLURM_NNODES=2 bash "$O/$n.fmt.slurm" 2>&1 | cut -c1-400 )
done
