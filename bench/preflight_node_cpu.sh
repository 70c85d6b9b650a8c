#!/bin/bash
# preflight_node_cpu.sh DISTDOCTOR [N]: CPU time (user, sys) of each node of an N-node preflight
# (default 8), every node started at once in its own namespace: the per-node cost that, on a VM
# where all nodes share 2 cores, sets preflight_bench.sh's wall time. Wrap it in
# `perf record -a -g -o FILE --` to see where that CPU goes. Needs root; uses
# tests/system/preflight/lib.sh (names ddp<pid>*, 198.18.0.0/15, removed on exit).
DD=$(realpath "$1") N=${2:-8}
HERE="$(cd "$(dirname "$0")" && pwd)/../tests/system/preflight"
. "$HERE/lib.sh"
addr_of() { echo "198.18.$((1 + $1 / 250)).$((1 + $1 % 250))"; }
for ((k = 0; k < N; k++)); do node "$k"; link "$k" eth0 "$(addr_of "$k")/16"; hosts_line "$k" "$(addr_of "$k")" "node$k"; done
static_neighbours 0 "$N" eth0 addr_of
for ((k = 0; k < N; k++)); do wait_oper_up "$k" eth0; done
rv="$(addr_of 0):29401"
pids=()
for ((k = 0; k < N; k++)); do
  ip netns exec "$(ns_of $k)" unshare --uts bash -c 'hostname "$1"; shift; exec "$@"' _ "node$k" \
    /usr/bin/time -f "node$k %e s wall %U s user %S s sys %M KB" "$DD" preflight --json \
    --rendezvous "$rv" --rank "$k" --world "$N" --timeout 60 --no-probe > "$WORK/o$k.json" 2> "$WORK/t$k" &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
echo "verdict: $(jq_ "$WORK/o0.json" 'd["verdict"]')"
for ((k = 0; k < N; k++)); do grep "^node$k " "$WORK/t$k"; done
