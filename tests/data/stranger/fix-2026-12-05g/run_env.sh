#!/bin/bash
# usage: run_env.sh NAME FILE [extra distdoctor env args]
D=/work/eval-bin10/distdoctor
name=$1; f=$2; shift 2
cd "$(dirname "$0")"
vars=(); while IFS= read -r l; do case "$l" in ''|\#*) ;; *) vars+=("$l");; esac; done < cases/$f
run() { env -i PATH=/usr/bin:/bin HOME=/root "${vars[@]}" timeout 300 $D env --no-color "$@"; echo "exit=$?"; }
{ run "$@"; } > out/$name.env.txt 2>&1
{ run --export "$@"; } > out/$name.env.export.txt 2>&1
for fmt in sh dockerfile k8s slurm torchrun tf; do { run --export-format $fmt "$@"; } > out/$name.env.$fmt.txt 2>&1; done
