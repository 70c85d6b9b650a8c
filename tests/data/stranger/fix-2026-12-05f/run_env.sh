#!/bin/bash
# usage: run_env.sh FILE (VAR=value lines; comments and blanks skipped) [extra env flags]
D=/work/eval-bin9/distdoctor
B=$(cd "$(dirname "$0")" && pwd)
f=$1; shift
c=$(basename "$f"); c=${c%%.*}
O=$B/out/$c/env; rm -rf "$O"; mkdir -p "$O"
mapfile -t V < <(grep -v '^#' "$B/cases/$f" | grep -v '^$' | tr -d '\r')
run() { env -i PATH=/usr/bin:/bin HOME=$HOME "${V[@]}" timeout 120 $D "$@"; }
run env --no-color "$@" > "$O/env.txt" 2>&1; echo "exit $?" >> "$O/env.txt"
run env --export "$@" > "$O/export.sh" 2> "$O/export.err"; echo "exit $?" >> "$O/export.err"
for fmt in sh dockerfile k8s slurm torchrun tf; do run env --export-format $fmt "$@" > "$O/fmt.$fmt" 2> "$O/fmt.$fmt.err"; echo "exit $?" >> "$O/fmt.$fmt.err"; done
