#!/bin/bash
# usage: run_lint.sh NAME [--platform windows] -- FILES...
D=/work/eval-bin10/distdoctor
name=$1; shift; opts=()
while [ "$1" != "--" ]; do opts+=("$1"); shift; done; shift
cd "$(dirname "$0")"
mkdir -p out fixed/$name
for f in "$@"; do cp cases/$f fixed/$name/; done
( cd cases && timeout 300 $D lint --no-color "${opts[@]}" "$@"; echo "exit=$?" ) > out/$name.lint.txt 2>&1
( cd cases && timeout 300 $D lint --json "${opts[@]}" "$@"; echo ) > out/$name.lint.json 2>/dev/null
( cd cases && timeout 300 $D lint --diff --no-color "${opts[@]}" "$@"; echo "exit=$?" ) > out/$name.diff.txt 2>&1
( cd fixed/$name && timeout 300 $D lint --fix --no-color "${opts[@]}" "$@"; echo "exit=$?" ) > out/$name.fix.txt 2>&1
