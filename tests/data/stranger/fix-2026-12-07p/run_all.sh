#!/bin/bash
# run_all.sh: every distdoctor command of this run on the frozen cases (outputs in out/)
DD=/work/eval-bin21/distdoctor
export ASAN_OPTIONS=detect_leaks=0
cd "$(dirname "$0")"
mkdir -p out/lint out/env out/export out/diff out/lt
for c in cases/*; do
  n=$(basename "$c"); n=${n%%.*}
  nice -n 10 timeout 60 $DD lint "$c" > out/lint/$n.txt 2>&1; echo "rc=$?" >> out/lint/$n.txt
  nice -n 10 timeout 60 $DD lint --json "$c" > out/lint/$n.json 2> out/lint/$n.json.err; echo "$n json rc=$?" >> out/lint/json_rc.txt
  nice -n 10 timeout 60 $DD lint --diff "$c" > out/diff/$n.diff 2> out/diff/$n.diff.err; echo "rc=$?" >> out/diff/$n.diff.err
done
nice -n 10 timeout 60 $DD lint --platform windows cases/p20_windows_backend_cuda.py > out/lint/p20_windows.txt 2>&1; echo "rc=$?" >> out/lint/p20_windows.txt
nice -n 10 timeout 60 $DD lint --here cases/*.vars.sh > out/lint/here_vars.txt 2>&1; echo "rc=$?" >> out/lint/here_vars.txt
nice -n 10 timeout 120 $DD lint cases > out/lint/ALL.txt 2>&1; echo "rc=$?" >> out/lint/ALL.txt
nice -n 10 timeout 120 $DD lint --here cases > out/lint/ALL_here.txt 2>&1; echo "rc=$?" >> out/lint/ALL_here.txt
for f in cases/*.vars.sh; do
  n=$(basename "$f" .vars.sh)
  env -i ASAN_OPTIONS=$ASAN_OPTIONS PATH=/usr/bin:/bin bash -c "set -a; . $f; set +a; nice -n 10 timeout 60 $DD env" > out/env/$n.txt 2>&1; echo "rc=$?" >> out/env/$n.txt
  env -i ASAN_OPTIONS=$ASAN_OPTIONS PATH=/usr/bin:/bin bash -c "set -a; . $f; set +a; nice -n 10 timeout 60 $DD env --json" > out/env/$n.json 2>/dev/null
  env -i ASAN_OPTIONS=$ASAN_OPTIONS PATH=/usr/bin:/bin bash -c "set -a; . $f; set +a; nice -n 10 timeout 60 $DD env --export" > out/env/$n.export.sh 2>out/env/$n.export.err; echo "rc=$?" >> out/env/$n.export.err
  for fmt in sh dockerfile k8s slurm torchrun tf; do
    env -i ASAN_OPTIONS=$ASAN_OPTIONS PATH=/usr/bin:/bin bash -c "set -a; . $f; set +a; nice -n 10 timeout 60 $DD env --export-format $fmt" > out/export/$n.$fmt 2>out/export/$n.$fmt.err; echo "rc=$?" >> out/export/$n.$fmt.err
  done
done
for l in torchrun srun mpirun tf; do
  nice -n 10 timeout 60 $DD launch-template --launcher $l --nodes 2 --gpus-per-node 4 > out/lt/$l.sh 2> out/lt/$l.err; echo "rc=$?" >> out/lt/$l.err
done
