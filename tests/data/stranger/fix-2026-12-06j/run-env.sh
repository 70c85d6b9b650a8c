#!/bin/bash
# runs `distdoctor env` with each envcases/*.vars as the whole environment (plus PATH/HOME)
export ASAN_OPTIONS=detect_leaks=0
D=/work/eval-bin14/distdoctor
cd "$(dirname "$0")"
for v in envcases/*.vars; do
  n=$(basename $v .vars); args=(); while IFS= read -r l; do args+=("$l"); done < $v
  E=(env -i PATH=/usr/bin:/bin HOME=/root ASAN_OPTIONS=detect_leaks=0 "${args[@]}")
  "${E[@]}" $D env --color never > out/$n.env.txt 2>&1; echo rc=$? >> out/$n.env.txt
  "${E[@]}" $D env --json > out/$n.env.json 2>&1
  "${E[@]}" $D env --export > out/$n.export.txt 2>out/$n.export.err; echo rc=$? >> out/$n.export.err
  for f in sh dockerfile k8s slurm torchrun tf; do "${E[@]}" $D env --export-format $f > out/$n.export-$f.txt 2>&1; echo rc=$? >> out/$n.export-$f.txt; done
  # apply: bash -n, then eval in the same environment and print, then env again
  bash -n out/$n.export.txt && echo "bash -n ok" > check/$n.export-applied.txt
  "${E[@]}" bash -c 'eval "$(cat "$1")"; env | grep -E "^(NCCL|GLOO|TF_CONFIG|NNODES)" | sort; echo ---; ASAN_OPTIONS=detect_leaks=0 '"$D"' env --color never; echo rc=$?' _ out/$n.export.txt >> check/$n.export-applied.txt 2>&1
done
