#!/bin/bash
# envrun.sh TAG VARFILE: distdoctor env, env --export and every --export-format in a clean environment
# holding only the NAME=value lines of VARFILE (sourced by bash with set -a)
tag=$1; vf=$2; D=/work/eval-bin17/distdoctor
run() { env -i PATH=/usr/bin:/bin HOME=/tmp ASAN_OPTIONS=detect_leaks=0 bash -c 'set -a; . "$0"; set +a; shift; exec nice "$@"' "$vf" x "$@"; }
run $D env > out/env/$tag.txt 2>&1; echo "rc=$?" >> out/env/$tag.txt
run $D env --json > out/env/$tag.json 2>&1
run $D env --export > out/env/$tag.export 2>&1; echo "# rc=$?" >> out/env/$tag.export
for f in sh dockerfile k8s slurm torchrun tf; do run $D env --export-format $f > out/export-format/$tag.$f 2>&1; echo "# rc=$?" >> out/export-format/$tag.$f; done
