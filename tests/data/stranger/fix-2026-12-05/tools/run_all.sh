#!/bin/bash
# usage: tools/run_all.sh /path/to/distdoctor   (run from anywhere; writes out/ and fixed/ beside cases/)
DD=${1:?distdoctor binary}
B=$(cd "$(dirname "$0")/.." && pwd)
OUT=$B/out
rm -rf "$OUT" "$B/fixed"; mkdir -p "$OUT/env" "$OUT/lt"
cp -r "$B/cases" "$B/fixed"; rm -rf "$B/fixed/env"; chmod -R u+w "$B/fixed"
cd "$B/cases"
for f in *; do
  [ -d "$f" ] && continue
  timeout 60 "$DD" lint --no-color "$f" > "$OUT/$f.txt" 2> "$OUT/$f.err"; echo "rc=$?" >> "$OUT/$f.err"
  timeout 60 "$DD" lint --json "$f" > "$OUT/$f.json" 2>/dev/null
  timeout 60 "$DD" lint --diff "$f" > "$OUT/$f.diff" 2> "$OUT/$f.diff.err"; echo "rc=$?" >> "$OUT/$f.diff.err"
  ( cd "$B/fixed" && timeout 60 "$DD" lint --no-color --fix "$f" > "$OUT/$f.fix.txt" 2> "$OUT/$f.fix.err"; echo "rc=$?" >> "$OUT/$f.fix.err" )
done
diff -ru "$B/cases" "$B/fixed" -x env > "$OUT/_FIX.applied.diff"
# env cases: env -i with the case's variables only
cd "$B/cases/env"
for v in *.vars; do
  n=${v%.vars}; args=()
  while IFS= read -r line; do [ -n "$line" ] && args+=("$line"); done < "$v"
  env -i "${args[@]}" "$DD" env --no-color > "$OUT/env/$n.txt" 2>&1; echo "rc=$?" >> "$OUT/env/$n.txt"
  env -i "${args[@]}" "$DD" env --export > "$OUT/env/$n.export.sh" 2> "$OUT/env/$n.export.err"; echo "rc=$?" >> "$OUT/env/$n.export.err"
  for fmt in sh dockerfile k8s slurm torchrun tf; do
    env -i "${args[@]}" "$DD" env --export-format $fmt > "$OUT/env/$n.fmt.$fmt" 2> "$OUT/env/$n.fmt.$fmt.err"; echo "rc=$?" >> "$OUT/env/$n.fmt.$fmt.err"
  done
done
# launch-template for each launcher, and check's sh export
for l in torchrun srun mpirun tf; do
  "$DD" launch-template --no-color --launcher $l --nodes 2 --gpus-per-node 4 > "$OUT/lt/$l.txt" 2> "$OUT/lt/$l.err"; echo "rc=$?" >> "$OUT/lt/$l.err"
done
"$DD" check --no-probe --no-color > "$OUT/lt/check.txt" 2>&1; echo "rc=$?" >> "$OUT/lt/check.txt"
"$DD" check --no-probe --export-format sh > "$OUT/lt/check.export.sh" 2> "$OUT/lt/check.export.err"; echo "rc=$?" >> "$OUT/lt/check.export.err"
