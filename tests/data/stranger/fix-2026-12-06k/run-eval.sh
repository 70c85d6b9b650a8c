#!/bin/bash
# run-eval.sh: lint text/json/diff/fix(copy)/relint for each case (written after the freeze)
export ASAN_OPTIONS=detect_leaks=0
D=/work/eval-bin15/distdoctor
cd "$(dirname "$0")"
for c in cases/*; do
  n=$(basename "$c"); n=${n%.*}
  $D lint --no-color "$c" > out/$n.lint.txt 2>&1; echo "rc=$?" >> out/$n.lint.txt
  $D lint --json "$c" > out/$n.lint.json 2>out/$n.lint.json.err
  $D lint --diff "$c" > out/$n.diff.txt 2>out/$n.diff.err
  rm -rf work/$n; mkdir -p work/$n; cp -r "$c" work/$n/
  $D lint --no-color --fix work/$n/$(basename "$c") > out/$n.fix.txt 2>&1; echo "rc=$?" >> out/$n.fix.txt
  $D lint --no-color work/$n/$(basename "$c") > out/$n.relint.txt 2>&1; echo "rc=$?" >> out/$n.relint.txt
done
