#!/bin/bash
# run_env.sh: distdoctor env (text, --json, --export, --export-format ...) with each *.vars.sh sourced; out/env/
export ASAN_OPTIONS=detect_leaks=0
D=/work/eval-bin22/distdoctor
mkdir -p out/env
for f in $(find cases -name '*.vars.sh' | sort); do
  n=$(echo "${f#cases/}" | tr / _); n=${n%.vars.sh}
  run() { env -i ASAN_OPTIONS=detect_leaks=0 NO_COLOR=1 PATH=/usr/bin:/bin bash -c "set -a; . $f; set +a; exec nice -n 10 $D $*"; }
  run env >out/env/$n.txt 2>&1; echo "rc=$?" >>out/env/$n.txt
  run env --json >out/env/$n.json 2>/dev/null
  run env --export >out/env/$n.export 2>out/env/$n.export.err; echo "rc=$?" >>out/env/$n.export.err
  for fmt in sh dockerfile k8s slurm torchrun tf; do run env --export-format $fmt >out/env/$n.fmt.$fmt 2>&1; echo "# rc=$?" >>out/env/$n.fmt.$fmt; done
done
