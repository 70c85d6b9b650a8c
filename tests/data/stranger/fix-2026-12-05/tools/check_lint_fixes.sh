#!/bin/bash
# usage: tools/check_lint_fixes.sh DISTDOCTOR TMPDIR  (after run_all.sh): parsers, --diff vs --fix, re-lint, stub runs
DD=${1:?}; T=${2:?mktemp -d folder}
B=$(cd "$(dirname "$0")/.." && pwd); OUT=$B/out/checks; mkdir -p "$OUT"
. "$B/tools/stubs.sh"; make_stubs "$T/bin"
PY=/usr/bin/python3
cd "$B/fixed"
{
for f in *; do
  [ -f "$f" ] || continue
  cmp -s "$f" "$B/cases/$f" && continue
  echo "== $f (changed by --fix)"
  case $f in
    *.sh|*.sbatch|*.env) bash -n "$f" && echo "bash -n: ok" ;;
    *.yaml) $PY -c 'import sys,yaml; docs=list(yaml.safe_load_all(open(sys.argv[1]))); print("PyYAML: ok", len(docs), "docs")' "$f" ;;
    *.py) $PY -c 'import ast,sys; ast.parse(open(sys.argv[1]).read()); print("ast: ok")' "$f" ;;
    *) echo "(Dockerfile: checked by eye)";;
  esac
  # --diff through GNU patch must give the same file as --fix
  rm -rf "$T/p"; mkdir -p "$T/p"; cp "$B/cases/$f" "$T/p/"; ( cd "$T/p" && patch -s -p1 < "$B/out/$f.diff" ) && cmp -s "$T/p/$f" "$f" && echo "--diff | patch -p1 == --fix: ok" || echo "--diff | patch -p1 DIFFERS from --fix"
  # re-lint: which rule ids before and after
  b=$("$DD" lint --json "$B/cases/$f" 2>/dev/null | $PY -c 'import json,sys; print(" ".join(sorted(x["id"] for x in json.load(sys.stdin)["findings"])))')
  a=$("$DD" lint --json "$f" 2>/dev/null | $PY -c 'import json,sys; print(" ".join(sorted(x["id"] for x in json.load(sys.stdin)["findings"])))')
  echo "before: $b"; echo "after:  $a"
done
} > "$OUT/parse_relint.txt" 2>&1
