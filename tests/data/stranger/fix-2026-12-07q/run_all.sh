#!/bin/bash
# run_all.sh: distdoctor lint (text, --json, --diff) on every case, each file or folder alone; outputs in out/lint/
export ASAN_OPTIONS=detect_leaks=0 NO_COLOR=1
D=/work/eval-bin22/distdoctor
mkdir -p out/lint
for c in cases/*; do
  n=$(basename "$c"); n=${n%.*}
  extra=()
  case $n in p14*) extra=(--platform windows);; esac
  nice -n 10 $D lint "$c" >out/lint/$n.txt 2>&1; echo "rc=$?" >>out/lint/$n.txt
  nice -n 10 $D lint --json "$c" >out/lint/$n.json 2>out/lint/$n.json.err; echo "rc=$?" >>out/lint/$n.json.err
  nice -n 10 $D lint --diff "$c" >out/lint/$n.diff 2>&1; echo "rc=$?" >>out/lint/$n.diff
  if [ ${#extra[@]} -gt 0 ]; then nice -n 10 $D lint "${extra[@]}" "$c" >out/lint/$n.win.txt 2>&1; echo "rc=$?" >>out/lint/$n.win.txt; fi
done
