#!/bin/bash
# Applies each out/lint/ID.diff with GNU patch to a copy of cases/, compares with fixed/ (lint --fix),
# checks the result with its parser, and re-lints the fixed file. Usage: bash tools/verify_edits.sh [BINARY]
set -u
B=${1:-/work/eval-bin6/distdoctor}
cd "$(dirname "$0")/.."
T=$(mktemp -d)
for d in out/lint/*.diff; do
  id=$(basename "$d" .diff); [ -s "$d" ] || continue
  f=$(sed -n 's#^+++ b/##p' "$d" | head -1)
  rm -rf "$T/p"; cp -r cases "$T/p"
  (cd "$T/p" && patch -p1 -s < "$OLDPWD/$d") && r=patched || r=PATCH-FAILED
  cmp -s "$T/p/$f" "fixed/$f" && same="same as --fix" || same="DIFFERS from --fix"
  case "$f" in
    *.py) chk=$(/usr/bin/python3 -c 'import ast,sys; ast.parse(open(sys.argv[1]).read())' "fixed/$f" 2>&1 && echo "ast ok" || echo "AST FAIL");;
    *.yaml|*.yml) chk=$(/usr/bin/python3 -c 'import yaml,sys; list(yaml.safe_load_all(open(sys.argv[1])))' "fixed/$f" 2>&1 && echo "yaml ok" || echo "YAML FAIL");;
    *.sh|*.sbatch|*.env) chk=$(bash -n "fixed/$f" 2>&1 && echo "bash -n ok" || echo "BASH FAIL");;
    *) chk="(Dockerfile: checked by hand)";;
  esac
  relint=$(cd fixed && "$B" lint --no-color "$f" 2>&1 | grep -E '^(ERROR|WARNING|INFO|OK)' | tr '\n' ';')
  echo "$id $f: $r, $same, $chk; re-lint: $relint"
done
rm -rf "$T"
