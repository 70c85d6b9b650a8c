#!/bin/bash
# runbatch.sh ENVSPEC DIR...: run DIR/run.sh with the env assignments ENVSPEC (e.g. "PHASE=job") for each DIR in parallel
cd "$(dirname "$0")"; spec=$1; shift; pids=()
for d in "$@"; do echo "$(date -u +%T) start $d $spec" >> runner.log
  ( env $spec timeout 900 "./$d/run.sh" > "$d/run-$(echo $spec | tr ' =' '_-').log" 2>&1; echo "$(date -u +%T) end $d $spec rc=$?" >> runner.log ) & pids+=($!)
done
wait "${pids[@]}"
