#!/bin/bash
# preflight_bench.sh DISTDOCTOR [SIZES...]: wall time of `distdoctor preflight` on N namespace
# nodes (default 8 16 32) against the seeds' manual method, a `nc -zv` loop over the same ordered
# node pairs and ports (each node's cluster address on port 29500, the port a listener holds),
# run from every node in turn as a person would over ssh. Nodes are network namespaces on one
# bridge (tests/system/preflight/lib.sh: names ddp<pid>*, addresses 198.18.0.0/15, all removed on
# exit). Prints one line per size and a JSON summary on the last line. Needs root.
#
# What each side covers: preflight also exchanges reports, probes every candidate address with an
# echo and a 512 KiB transfer and computes a verdict; the nc loop only tests that a TCP connect
# succeeds, one port per pair.
DD=$(realpath "$1"); shift
SIZES=("${@:-8 16 32}")
[ $# -eq 0 ] && SIZES=(8 16 32)
HERE="$(cd "$(dirname "$0")/../tests/system/preflight" && pwd)"
. "$HERE/lib.sh"

summary="["
for N in "${SIZES[@]}"; do
  start_nodes=${#NODES[@]}
  base=$start_nodes
  for ((k = 0; k < N; k++)); do
    i=$((base + k))
    node "$i"
    link "$i" eth0 "198.18.$((1 + i / 250)).$((1 + i % 250))/16"
    hosts_line "$i" "198.18.$((1 + i / 250)).$((1 + i % 250))" "node$i"
  done
  addr_of() { echo "198.18.$((1 + $1 / 250)).$((1 + $1 % 250))"; }
  # The kernel's neighbour table is shared by every namespace and capped (gc_thresh3, 1,024 here):
  # 32+ nodes (and the nodes of earlier sizes, still up) would overflow it and ARP failures would
  # read as unreachable peers. Static entries inside each namespace keep ARP out of the measurement.
  macs=()
  for ((k = 0; k < N; k++)); do macs+=("$(ip netns exec "$(ns_of $((base + k)))" cat /sys/class/net/eth0/address)"); done
  for ((k = 0; k < N; k++)); do
    for ((m = 0; m < N; m++)); do
      ((m == k)) || echo "neigh replace $(addr_of $((base + m))) lladdr ${macs[m]} dev eth0 nud permanent"
    done | ip -n "$(ns_of $((base + k)))" -batch - || echo "bench: static neighbours failed on node $((base + k))" >&2
  done
  rv="$(addr_of "$base"):29401"
  sleep 1
  # distdoctor preflight on every node at once
  t0=$(date +%s.%N)
  pids=()
  for ((k = 0; k < N; k++)); do
    run_pf $((base + k)) "$WORK/b$N-$k.json" -- --rendezvous "$rv" --rank "$k" --world "$N" --timeout 120 --no-probe
    pids+=($PF_PID)
  done
  for p in "${pids[@]}"; do wait "$p"; done
  t1=$(date +%s.%N)
  pf=$(echo "$t1 - $t0" | bc)
  verdict=$(jq_ "$WORK/b$N-0.json" 'd["verdict"]')
  reason=$(jq_ "$WORK/b$N-0.json" 'd["reason"]')
  [ "$verdict" = OK ] || echo "N=$N rank 0 verdict $verdict: $reason" >&2
  probes=$(jq_ "$WORK/b$N-0.json" 'len(d["probes"])')
  # manual: listeners on 29500, then nc -zv from every node to every other node
  lpids=()
  for ((k = 0; k < N; k++)); do
    ip netns exec "$(ns_of $((base + k)))" nc -lk "$(addr_of $((base + k)))" 29500 >/dev/null 2>&1 &
    lpids+=($!)
  done
  sleep 1
  t0=$(date +%s.%N)
  fails=0
  for ((a = 0; a < N; a++)); do
    for ((b = 0; b < N; b++)); do
      [ $a = $b ] && continue
      ip netns exec "$(ns_of $((base + a)))" nc -zv -w 2 "$(addr_of $((base + b)))" 29500 >/dev/null 2>&1 || fails=$((fails + 1))
    done
  done
  t1=$(date +%s.%N)
  nc_s=$(echo "$t1 - $t0" | bc)
  for p in "${lpids[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
  printf 'N=%-3s preflight %6.2f s (%s, %s probes incl. 512 KiB transfers)   nc -zv loop %6.2f s (%d connects, %d failed)\n' \
    "$N" "$pf" "$verdict" "$probes" "$nc_s" $((N * (N - 1))) "$fails"
  summary+="{\"nodes\":$N,\"preflight_s\":$pf,\"verdict\":\"$verdict\",\"probes\":$probes,\"nc_loop_s\":$nc_s,\"nc_connects\":$((N * (N - 1)))},"
  # tear this size down before the next
  for ((k = 0; k < N; k++)); do
    ns=$(ns_of $((base + k)))
    ip netns pids "$ns" 2>/dev/null | xargs -r kill -9 2>/dev/null
  done
done
echo "${summary%,}]"
