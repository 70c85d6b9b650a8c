#!/bin/bash
# run_all.sh: every distdoctor run of this batch; outputs in out/
export ASAN_OPTIONS=detect_leaks=0
D=/work/eval-bin24/distdoctor
mkdir -p out/lint out/json out/diff out/env
cd cases
for c in *; do
  n=${c%%.*}; n=${n%_Dockerfile}
  plat=; [[ $c == p19* ]] && plat="--platform windows"
  nice -n 10 $D lint $plat --no-color "$c" > ../out/lint/$c.txt 2>&1; echo "rc=$?" >> ../out/lint/$c.txt
  nice -n 10 $D lint $plat --json "$c" > ../out/json/$c.json 2>../out/json/$c.err; echo "rc=$?" >> ../out/json/$c.err
  nice -n 10 $D lint $plat --diff "$c" > ../out/diff/$c.diff 2>../out/diff/$c.err; echo "rc=$?" >> ../out/diff/$c.err
done
nice -n 10 $D lint --no-color p19_windows_backend_enum.py > ../out/lint/p19_linux.txt 2>&1; echo "rc=$?" >> ../out/lint/p19_linux.txt
for v in *.vars.sh p03_ib_hca_netdev.env; do
  ( set -a; . ./$v; set +a; nice -n 10 $D env --no-color > ../out/env/$v.env.txt 2>&1; echo "rc=$?" >> ../out/env/$v.env.txt
    nice -n 10 $D env --export > ../out/env/$v.export.sh 2>../out/env/$v.export.err; echo "rc=$?" >> ../out/env/$v.export.err
    for f in sh dockerfile k8s slurm torchrun tf; do nice -n 10 $D env --export-format $f > ../out/env/$v.fmt-$f.txt 2>&1; echo "rc=$?" >> ../out/env/$v.fmt-$f.txt; done )
done
