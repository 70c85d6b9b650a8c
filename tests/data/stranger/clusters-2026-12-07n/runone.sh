#!/bin/bash
# cluster15 (clusters-2026-12-07n): copied from clusters-2026-12-07m with sed c14 -> c15, 198.19.128. -> 198.19.136., eval-bin24 -> eval-bin25 over the WHOLE file (older comment lines below are changed too).
# cluster14: copied from clusters-2026-12-07l/runone.sh unchanged.
# cluster13: copied from clusters-2026-12-07k/runone.sh unchanged.
# runone.sh ENVSPEC DIR: run DIR/run.sh (nice, 900 s deadline) with the env assignments ENVSPEC, logged in runner.log
cd "$(dirname "$0")"; spec=$1; d=$2; echo "$(date -u +%T) start $d $spec" >> runner.log
env $spec nice timeout 900 "./$d/run.sh" > "$d/run-$(echo "$spec" | tr ' =' '_-').log" 2>&1; rc=$?
echo "$(date -u +%T) end $d $spec rc=$rc" >> runner.log
