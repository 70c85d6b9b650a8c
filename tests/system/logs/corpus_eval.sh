#!/bin/bash
# Runs `distdoctor logs --json` over every case of the shared corpus of real failure logs and
# prints expected (truth.json root_cause) versus found (first finding's label). Fails when fewer
# than MIN cases match. Usage: corpus_eval.sh DISTDOCTOR CORPUS_DIR [MIN]
set -u
dd=$1 corpus=$2 min=${3:-12}
[ -x "$dd" ] || { echo "corpus_eval: $dd is not executable" >&2; exit 1; }
[ -d "$corpus" ] || { echo "corpus_eval: corpus directory $corpus missing" >&2; exit 1; }
total=0 ok=0
printf '%-28s %-26s %-26s %-8s %s\n' CASE EXPECTED FOUND SEVERITY MATCH
for dir in "$corpus"/*/; do
  [ -f "$dir/log.txt" ] && [ -f "$dir/truth.json" ] || continue
  name=$(basename "$dir")
  expected=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["root_cause"])' "$dir/truth.json")
  json=$(timeout 30 "$dd" logs --json "$dir/log.txt")
  rc=$?
  if [ $rc -ne 0 ] && [ $rc -ne 1 ]; then
    found="(exit $rc)" sev=-
  else
    read -r found sev < <(printf '%s' "$json" | python3 -c '
import json, sys
j = json.load(sys.stdin)
f = j["findings"]
print(f[0]["label"], f[0]["severity"]) if f else print("none", "-")')
  fi
  total=$((total + 1))
  match=no
  if [ "$found" = "$expected" ]; then match=yes; ok=$((ok + 1)); fi
  printf '%-28s %-26s %-26s %-8s %s\n' "$name" "$expected" "$found" "$sev" "$match"
done
echo "matched $ok of $total (need $min)"
[ "$total" -gt 0 ] && [ "$ok" -ge "$min" ]
