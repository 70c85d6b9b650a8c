#!/bin/bash
# distdoctor env on each cases/env/*.vars under env -i, plain, --export and every --export-format.
set -u
B=${B:-/work/eval-bin5/distdoctor}
cd "$(dirname "$0")/.."
mkdir -p out/env
for f in cases/env/*.vars; do
  n=$(basename "$f" .vars)
  mapfile -t VARS < "$f"
  env -i "${VARS[@]}" "$B" env > out/env/$n.txt 2>&1; echo "rc=$?" >> out/env/$n.txt
  env -i "${VARS[@]}" "$B" env --export > out/env/$n.export.txt 2>&1; echo "rc=$?" > out/env/$n.export.rc
  for fmt in sh dockerfile k8s slurm torchrun tf; do
    env -i "${VARS[@]}" "$B" env --export-format $fmt > out/env/$n.$fmt.txt 2>&1; echo "rc=$?" > out/env/$n.$fmt.rc
  done
done
for fmt in torchrun srun mpirun tf; do
  "$B" launch-template --launcher $fmt --nodes 2 --gpus-per-node 4 > out/env/template.$fmt.txt 2>&1; echo "rc=$?" > out/env/template.$fmt.rc
done
"$B" check --no-probe --export-format sh > out/env/check.sh.txt 2>&1; echo "rc=$?" > out/env/check.sh.rc
