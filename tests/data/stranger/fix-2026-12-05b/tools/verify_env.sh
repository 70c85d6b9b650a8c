#!/bin/bash
# Applies every env --export / --export-format output to the case's environment and audits the result again.
# Prints, per case and format: how it parses, and the finding ids left (before: the case's own ids).
set -u
B=${B:-/work/eval-bin5/distdoctor}
cd "$(dirname "$0")/.."
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
mkdir -p "$T/bin"
cat > "$T/bin/torchrun" <<'S'
#!/bin/bash
{ printf "torchrun"; for a in "$@"; do printf " [%s]" "$a"; done; echo; } >> "$LOG"
env -0 > "$DUMP"
S
cat > "$T/bin/srun" <<'S'
#!/bin/bash
{ printf "srun"; for a in "$@"; do printf " [%s]" "$a"; done; echo; } >> "$LOG"
SLURM_NODEID=0 SLURM_PROCID=0 "$@"
S
printf '#!/bin/bash\nprintf "node-a\\nnode-b\\n"\n' > "$T/bin/scontrol"
chmod +x "$T/bin/"*
ids() { "$B" env --json 2>/dev/null | /usr/bin/python3 -c 'import json,sys; d=json.load(sys.stdin); print(" ".join(sorted(f.get("id","?") for f in d.get("findings",[]))) or "(none)")'; }
audit_dict() { # JSON object of NAME->value|null on stdin merged over the case's vars
  /usr/bin/python3 -c '
import json,sys,subprocess
base=dict(l.rstrip("\n").split("=",1) for l in open(sys.argv[1]) if "=" in l)
for k,v in json.load(sys.stdin).items():
    if v is None: base.pop(k,None)
    else: base[k]=v
print(json.dumps(base))' "$1" > "$T/merged.json"
  /usr/bin/python3 -c '
import json,sys,os
d=json.load(open(sys.argv[1])); os.execve(sys.argv[2], [sys.argv[2],"env","--json"], d)' "$T/merged.json" "$B" 2>/dev/null | /usr/bin/python3 -c 'import json,sys; d=json.load(sys.stdin); print(" ".join(sorted(f.get("id","?") for f in d.get("findings",[]))) or "(none)")'
}
for f in cases/env/*.vars; do
  n=$(basename "$f" .vars); mapfile -t VARS < "$f"
  echo "### $n"
  echo "before: $(env -i "${VARS[@]}" bash -c "$(declare -f ids); B=$B; ids")"
  for fmt in export sh slurm torchrun; do
    o=out/env/$n.$fmt.txt
    if bash -n "$o" 2>"$T/e"; then p="bash -n ok"; else p="bash -n FAILS: $(cat "$T/e")"; fi
    case $fmt in
      export|sh) after=$(env -i "${VARS[@]}" bash -c "eval \"\$(cat $o)\"; $(declare -f ids); B=$B; ids");;
      *) : > "$T/log"; rm -f "$T/dump"
         extra=(); grep -q '^NODE_RANK=' "$f" || extra+=(NODE_RANK=0); grep -q '^MASTER_ADDR=' "$f" || extra+=(MASTER_ADDR=192.0.2.2)
         env -i "${VARS[@]}" "${extra[@]}" PATH="$T/bin:/usr/bin:/bin" LOG="$T/log" DUMP="$T/dump" SLURM_JOB_NODELIST="node-[a-b]" SLURM_NNODES=2 bash "$o" > /dev/null 2> "$T/err"
         rc=$?
         p="$p; ran rc=$rc $(tr '\n' ' ' < "$T/err"); $(grep torchrun "$T/log" | head -1)"
         if [ -f "$T/dump" ]; then
           after=$(/usr/bin/python3 -c '
import sys,os,json
d=dict(x.split("=",1) for x in open(sys.argv[1]).read().split("\0") if "=" in x)
for k in ["PATH","LOG","DUMP","PWD","SHLVL","_","OLDPWD"]: d.pop(k,None)
os.execve(sys.argv[2],[sys.argv[2],"env","--json"],d)' "$T/dump" "$B" 2>/dev/null | /usr/bin/python3 -c 'import json,sys; d=json.load(sys.stdin); print(" ".join(sorted(f.get("id","?") for f in d.get("findings",[]))) or "(none)")')
         else after="(torchrun not reached)"; fi;;
    esac
    echo "  $fmt: $p"; echo "    after: $after"
  done
  # dockerfile: ENV NAME="value" lines, read with shell quoting as Docker does
  d=$(/usr/bin/python3 -c '
import shlex,sys,json
env={}
for l in open(sys.argv[1]):
    if l.startswith("ENV "):
        for w in shlex.split(l[4:]):
            k,v=w.split("=",1); env[k]=v
print(json.dumps(env))' out/env/$n.dockerfile.txt)
  echo "  dockerfile: ENV -> $d"; echo "    after: $(echo "$d" | audit_dict "$f")"
  k=$(/usr/bin/python3 -c '
import yaml,sys,json
docs=[x for x in yaml.safe_load_all(open(sys.argv[1])) if x]
env={}
for doc in docs:
    for c in doc["spec"]["containers"]:
        for e in c.get("env",[]):
            assert isinstance(e["value"],str), e
            env[e["name"]]=e["value"]
print(json.dumps(env))' out/env/$n.k8s.txt 2>&1 | tail -1)
  echo "  k8s (PyYAML): env -> $k"; echo "    after: $(echo "$k" | audit_dict "$f")"
  t=$(/usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(json.dumps(d["env"]))' out/env/$n.tf.txt)
  echo "  tf (json): env -> $t"; echo "    after: $(echo "$t" | audit_dict "$f")"
done
