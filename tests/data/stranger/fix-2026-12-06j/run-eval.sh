#!/bin/bash
# stranger13: runs the binary on every case; outputs in out/, fixed copies in work/
set -u
export ASAN_OPTIONS=detect_leaks=0
D=/work/eval-bin14/distdoctor
H=$(cd "$(dirname "$0")" && pwd)
cd "$H"; rm -rf out work; mkdir -p out work
for c in cases/*; do
  n=$(basename "$c")
  cp -r "$c" work/
  ( cd cases && $D lint "$n" --color never > ../out/$n.lint.txt 2>&1; echo "rc=$?" >> ../out/$n.lint.txt
    $D lint "$n" --json > ../out/$n.lint.json 2>../out/$n.lint.json.err; echo "rc=$?" >> ../out/$n.lint.json.err
    $D lint "$n" --diff > ../out/$n.diff.txt 2>&1; echo "rc=$?" >> ../out/$n.diff.txt )
  ( cd work && $D lint "$n" --fix --color never > ../out/$n.fix.txt 2>&1; echo "rc=$?" >> ../out/$n.fix.txt
    $D lint "$n" --color never > ../out/$n.relint.txt 2>&1; echo "rc=$?" >> ../out/$n.relint.txt )
  diff -ru "cases/$n" "work/$n" > out/$n.applied.diff 2>&1
done
# windows platform for the windows cases
for n in p14_windows_init_nccl_positional.py p15_ps1_master_localhost.ps1 p32_ps1_single_quote_hostname.ps1 c12_windows_gloo.ps1; do
  ( cd cases && $D lint "$n" --platform windows --color never > ../out/$n.win.lint.txt 2>&1; echo "rc=$?" >> ../out/$n.win.lint.txt )
done
