#!/bin/bash
# run_all.sh: every distdoctor command of the run, outputs in out/ (after the freeze 745ee73f)
export ASAN_OPTIONS=detect_leaks=0 NO_COLOR=1
D=/work/eval-bin25/distdoctor
cd "$(dirname "$0")"
mkdir -p out/lint out/env
for c in cases/*; do
  n=$(basename "$c"); n=${n%%_*}
  nice -n 10 $D lint "$c" > out/lint/$n.txt 2>&1; echo "rc=$?" >> out/lint/$n.txt
  nice -n 10 $D lint --json "$c" > out/lint/$n.json 2> out/lint/$n.json.err; echo "rc=$?" >> out/lint/$n.json.err
  nice -n 10 $D lint --diff "$c" > out/lint/$n.diff 2> out/lint/$n.diff.err; echo "rc=$?" >> out/lint/$n.diff.err
done
nice -n 10 $D lint --platform windows cases/p13_windows_lightning_default_backend.py > out/lint/p13.windows.txt 2>&1; echo "rc=$?" >> out/lint/p13.windows.txt
# env on the vars files: sourced in a clean shell
for f in cases/*.vars.sh cases/c07_node.env; do
  n=$(basename "$f"); n=${n%%_*}
  env -i PATH=/usr/bin:/bin HOME=/root bash -c "set -a; . '$f'; $D env" > out/env/$n.txt 2>&1; echo "rc=$?" >> out/env/$n.txt
  env -i PATH=/usr/bin:/bin HOME=/root bash -c "set -a; . '$f'; $D env --json" > out/env/$n.json 2>out/env/$n.json.err
  env -i PATH=/usr/bin:/bin HOME=/root bash -c "set -a; . '$f'; $D env --export" > out/env/$n.export 2>&1; echo "# rc=$?" >> out/env/$n.export
  for fmt in sh dockerfile k8s slurm torchrun tf; do
    env -i PATH=/usr/bin:/bin HOME=/root bash -c "set -a; . '$f'; $D env --export-format $fmt" > out/env/$n.fmt-$fmt 2>&1; echo "# rc=$?" >> out/env/$n.fmt-$fmt
  done
done
