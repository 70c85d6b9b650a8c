#!/bin/bash
# lint text / --json / --diff on every case alone (folders as folders); outputs in out/
export ASAN_OPTIONS=detect_leaks=0 NO_COLOR=1
DD=/work/eval-bin23/distdoctor
mkdir -p out/lint
for c in cases/*; do
  n=$(basename "$c"); n=${n%%.*}
  timeout 60 nice -n 10 $DD lint "$c" > out/lint/$n.txt 2>&1; echo "rc=$?" >> out/lint/$n.txt
  timeout 60 nice -n 10 $DD lint --json "$c" > out/lint/$n.json 2> out/lint/$n.json.err
  timeout 60 nice -n 10 $DD lint --diff "$c" > out/lint/$n.diff 2> out/lint/$n.diff.err
done
