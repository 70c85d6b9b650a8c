#!/bin/bash
# check_syntax.sh DIR: bash -n on shell files, py_compile on Python, PyYAML on YAML, per file one line
d=${1:-cases}
find "$d" -type f | sort | while read -r f; do
  case "$f" in
    *.sh|*.sbatch|*/bashrc|*.env) bash -n "$f" 2>&1 && echo "ok bash -n $f" || echo "FAIL bash -n $f";;
    *.py) /usr/bin/python3 -c 'import ast,sys; ast.parse(open(sys.argv[1]).read())' "$f" 2>&1 && echo "ok ast $f" || echo "FAIL ast $f";;
    *.yaml|*.yml) /usr/bin/python3 -c 'import yaml,sys; list(yaml.safe_load_all(open(sys.argv[1])))' "$f" 2>&1 && echo "ok yaml $f" || echo "FAIL yaml $f";;
    *) echo "-- $f (no parser)";;
  esac
done
