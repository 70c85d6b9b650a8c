#!/bin/bash
# Runs distdoctor on every case: lint (text, --json, --diff), lint --fix on a copy in fixed/, re-lint of the copy.
set -u
B=${B:-/work/eval-bin5/distdoctor}
cd "$(dirname "$0")/.."
mkdir -p out fixed
for f in cases/*; do
  [ -f "$f" ] || continue
  n=$(basename "$f")
  extra=""
  case $n in q18*|c11*) extra="--platform windows";; q32*) extra="--unsafe-fixes";; esac
  (cd cases && $B lint --no-config $extra "$n" > ../out/$n.lint.txt 2>&1; echo "rc=$?" >> ../out/$n.lint.txt)
  (cd cases && $B lint --no-config $extra --json "$n" > ../out/$n.lint.json 2>/dev/null)
  (cd cases && $B lint --no-config $extra --diff "$n" > ../out/$n.diff 2> ../out/$n.diff.err)
  cp "$f" fixed/$n
  (cd fixed && $B lint --no-config $extra --fix "$n" > ../out/$n.fix.txt 2>&1; echo "rc=$?" >> ../out/$n.fix.txt)
done
