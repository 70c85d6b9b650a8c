#!/bin/bash
# Checks every file of pasted/ with its parser and lints it again. Usage: bash tools/check_pasted.sh [BINARY]
set -u
B=${1:-/work/eval-bin6/distdoctor}
cd "$(dirname "$0")/../pasted"
for f in $(ls); do
  case "$f" in
    *.py) chk=$(/usr/bin/python3 -c 'import ast,sys; ast.parse(open(sys.argv[1]).read())' "$f" 2>&1 && echo "ast ok" || echo "AST FAIL");;
    *.yaml) chk=$(/usr/bin/python3 -c 'import yaml,sys; list(yaml.safe_load_all(open(sys.argv[1])))' "$f" 2>&1 && echo "yaml ok" || echo "YAML FAIL");;
    *.sh|*.sbatch) chk=$(bash -n "$f" 2>&1 && echo "bash -n ok" || echo "BASH FAIL");;
    r31_lightning_pair) chk=$(bash -n r31_lightning_pair/submit.sbatch 2>&1 && echo "bash -n ok");;
    Dockerfile.*) chk=$(grep -E '^(ENTRYPOINT|CMD) \[' "$f" | sed -E 's/^(ENTRYPOINT|CMD) //' | /usr/bin/python3 -c 'import json,sys; [json.loads(l) for l in sys.stdin]; print("exec-form JSON ok")' 2>&1);;
  esac
  relint=$("$B" lint --no-color "$f" 2>&1 | grep -E '^(ERROR|WARNING|INFO|OK)' | cut -c1-160 | tr '\n' ';')
  echo "$f: $chk | re-lint: $relint"
done
