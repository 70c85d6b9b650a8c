#!/bin/bash
# env cases (envcases/*.vars: one NAME=value a line, values from the frozen cases), written after the freeze
export ASAN_OPTIONS=detect_leaks=0
D=/work/eval-bin15/distdoctor
cd "$(dirname "$0")"
for v in envcases/*.vars; do
  n=$(basename $v .vars); args=(); while IFS= read -r l; do args+=("$l"); done < $v
  E=(env -i PATH=/usr/bin:/bin HOME=/tmp ASAN_OPTIONS=detect_leaks=0 "${args[@]}")
  "${E[@]}" $D env --no-color > out/$n.env.txt 2>&1; echo "rc=$?" >> out/$n.env.txt
  "${E[@]}" $D env --export > out/$n.export.txt 2>&1; echo "rc=$?" >> out/$n.export.sh.rc
  for f in sh dockerfile k8s slurm torchrun tf; do "${E[@]}" $D env --export-format $f > out/$n.export-$f.txt 2>&1; done
  # apply: bash -n, then eval in the same environment and print the variables
  { bash -n out/$n.export.txt && echo "bash -n ok"; "${E[@]}" bash -c 'eval "$(cat "$1")"; env | grep -E "^(NCCL|GLOO|MASTER|WORLD|RANK|TF_CONFIG|NNODES)" | sort' _ out/$n.export.txt; } > check/$n.applied.txt 2>&1
  # and env again on the applied environment
  "${E[@]}" bash -c 'eval "$(cat "$1")"; '"$D"' env --no-color' _ out/$n.export.txt > out/$n.env-after.txt 2>&1; echo "rc=$?" >> out/$n.env-after.txt
done
