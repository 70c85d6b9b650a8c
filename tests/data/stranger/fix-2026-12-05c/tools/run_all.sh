#!/bin/bash
# Runs distdoctor on every case of this set. Usage: bash tools/run_all.sh [BINARY]
# Writes out/ (outputs) and fixed/ (a copy of cases/ after `lint --fix`). Run from the set's folder.
set -u
B=${1:-/work/eval-bin6/distdoctor}
cd "$(dirname "$0")/.."
rm -rf out/lint out/env out/template out/check fixed && mkdir -p out/lint out/env out/template out/check
cp -r cases fixed
cd cases
for f in $(ls | grep -v '^env$'); do
  id=${f%%_*}; id=${id#Dockerfile.}
  "$B" lint --no-color "$f" > ../out/lint/$id.txt 2>&1; echo "exit $?" >> ../out/lint/$id.txt
  "$B" lint --json "$f" > ../out/lint/$id.json 2>/dev/null
  "$B" lint --diff "$f" > ../out/lint/$id.diff 2> ../out/lint/$id.diff.stderr
  "$B" lint --unsafe-fixes --no-color "$f" > ../out/lint/$id.unsafe.txt 2>&1
done
cd ../fixed
for f in $(ls | grep -v '^env$'); do
  id=${f%%_*}; id=${id#Dockerfile.}
  "$B" lint --fix --no-color "$f" > ../out/lint/$id.fix.txt 2>&1; echo "exit $?" >> ../out/lint/$id.fix.txt
done
cd ../cases/env
for v in *.vars; do
  id=${v%%_*}
  mapfile -t vars < "$v"
  env -i "${vars[@]}" "$B" env --no-color > ../../out/env/$id.txt 2>&1; echo "exit $?" >> ../../out/env/$id.txt
  env -i "${vars[@]}" "$B" env --export > ../../out/env/$id.export 2>&1
  for fm in sh dockerfile k8s slurm torchrun tf; do
    env -i "${vars[@]}" "$B" env --export-format $fm > ../../out/env/$id.$fm 2>&1
  done
done
cd ../..
for l in torchrun srun mpirun tf; do
  "$B" launch-template --no-color --launcher $l --nodes 3 --gpus-per-node 2 > out/template/$l.txt 2>&1
done
for fm in sh dockerfile k8s slurm torchrun tf; do
  "$B" check --no-probe --export-format $fm > out/check/check.$fm 2>&1
done
"$B" check --no-probe --no-color > out/check/check.txt 2>&1
