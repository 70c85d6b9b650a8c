#!/bin/bash
# preflight_bench.sh DISTDOCTOR [SIZES...]: wall time of `distdoctor preflight` on N namespace
# nodes (default 8 16 32 64 128) against two references in the same run:
#   floor  bench/preflight_floor.cpp (compiled here with g++ -O2): one process per node, each
#          (from, to, address) of preflight's own plan gets connect + 64 B echo + 4 KiB, no
#          rendezvous, no report -
#          the least a probe can cost; timed from the moment every node listens (preflight's
#          time includes its process starts and meeting);
#   nc     the seeds' manual method, a `nc -zv` loop over the same ordered pairs (each node's
#          address on port 29500, where a listener waits), run from every node in turn (one shell
#          per node) as a person would over ssh.
# Nodes are network namespaces on one bridge (tests/system/preflight/lib.sh: names ddp<pid>*,
# addresses 198.18.0.0/15, all removed on exit), with permanent neighbour entries (the kernel's
# neighbour table is one for all namespaces, 1,024 entries). Prints one line per size and a JSON
# summary on the last line. Needs root.
#
# preflight is timed as users run it (above 64 nodes its probes[] lists failures only, with a
# summary) and, for a sparse plan, again with --all-probes and the first run's seed (the same plan):
# that run lists every probe, which the floor needs, and shows what the longer output costs.
# Time the binary users get: build/release from scripts/run-check.sh (DD_PORTABLE: libc and libm
# are its only shared libraries; a plain build loads seven more at each of the N starts).
#
# What each side covers: preflight also exchanges reports, probes every planned pair (every pair
# up to 64 nodes, a sparse plan above: peer_plan.hpp) on every candidate address with an echo and
# a transfer (512 KiB on 3 pairs per node, 16 KiB or 4 x MTU on the others), and computes a
# verdict; the floor and the nc loop only test pairs.
DD=$(realpath "$1"); shift
SIZES=("$@")
[ $# -eq 0 ] && SIZES=(8 16 32 64 128)
BENCH="$(cd "$(dirname "$0")" && pwd)"
HERE="$BENCH/../tests/system/preflight"
. "$HERE/lib.sh"
g++ -O2 -std=c++20 -pthread "$BENCH/preflight_floor.cpp" -o "$WORK/floor" || die "cannot build preflight_floor"
# Every node's process is started first and waits at a FIFO (the harness enters 128 namespaces one
# by one, ~70 ms each, which a launcher like srun does in parallel); the clock starts when all
# wait and each is handed one line. Rank 0 runs through a wrapper that also records its CPU time
# (bash's `times`: children's user, sys): the serial part of the cost model
# (docs/preflight-scale.md).
REAL_DD=$DD
printf '#!/bin/bash\necho >> "%s/ready"\nread -r _ < "%s/start"\nexec "%s" "$@"\n' "$WORK" "$WORK" "$REAL_DD" > "$WORK/go-dd"
printf '#!/bin/bash\necho >> "%s/ready"\nread -r _ < "%s/start"\n"%s" "$@"; rc=$?\ntimes > "%s/rank0.cpu"\nexit $rc\n' "$WORK" "$WORK" "$REAL_DD" "$WORK" > "$WORK/rank0-dd"
chmod +x "$WORK/go-dd"
chmod +x "$WORK/rank0-dd"

addr_of() { echo "198.18.$((1 + $1 / 250)).$((1 + $1 % 250))"; }
now() { date +%s.%N; }

# time_preflight N BASE RV PREFIX [FLAGS...]: every node's `distdoctor preflight` at once; sets
# PF_S (wall seconds from the start line to the last exit) and PF_CPU (rank 0's CPU seconds);
# rank K writes PREFIX-K.json.
time_preflight() {
  local n=$1 base=$2 rv=$3 prefix=$4 k p
  shift 4
  rm -f "$WORK/ready" "$WORK/start"
  mkfifo "$WORK/start"
  exec 9<>"$WORK/start"
  local pids=()
  for ((k = 0; k < n; k++)); do
    if [ "$k" = 0 ]; then DD="$WORK/rank0-dd"; else DD="$WORK/go-dd"; fi
    run_pf $((base + k)) "$prefix-$k.json" -- --rendezvous "$rv" --rank "$k" --world "$n" --timeout 120 --no-probe "$@"
    pids+=($PF_PID)
  done
  DD=$REAL_DD
  for ((t = 0; t < 12000; t++)); do [ "$(wc -l < "$WORK/ready" 2>/dev/null || echo 0)" -ge "$n" ] && break; sleep 0.01; done
  sleep 0.2  # the last one from its echo to its read
  local t0
  t0=$(now)
  for ((k = 0; k < n; k++)); do echo; done >&9
  exec 9>&-
  for p in "${pids[@]}"; do wait "$p"; done
  PF_S=$(echo "$(now) - $t0" | bc)
  PF_CPU=$(awk '{ u = $1; s = $2; sub("m", " ", u); sub("s", "", u); sub("m", " ", s); sub("s", "", s);
                  split(u, a, " "); split(s, b, " "); printf "%.2f", a[1] * 60 + a[2] + b[1] * 60 + b[2] }' <(tail -1 "$WORK/rank0.cpu"))
  [ -s "$prefix-0.json" ]
}

summary="["
for N in "${SIZES[@]}"; do
  base=${#NODES[@]}
  for ((k = 0; k < N; k++)); do
    i=$((base + k))
    node "$i"
    link "$i" eth0 "$(addr_of "$i")/16"
    hosts_line "$i" "$(addr_of "$i")" "node$i"
  done
  static_neighbours "$base" "$N" eth0 addr_of
  rv="$(addr_of "$base"):29401"
  sleep 1
  # distdoctor preflight as users run it: probes[] lists failures only above 64 nodes
  time_preflight "$N" "$base" "$rv" "$WORK/b$N" || die "N=$N: preflight did not finish"
  pf=$PF_S rank0_cpu=$PF_CPU
  verdict=$(jq_ "$WORK/b$N-0.json" 'd["verdict"]')
  reason=$(jq_ "$WORK/b$N-0.json" 'd["reason"]')
  [ "$verdict" = OK ] || echo "N=$N rank 0 verdict $verdict: $reason" >&2
  probes=$(jq_ "$WORK/b$N-0.json" 'd["probe_summary"]["total"]')
  plan=$(jq_ "$WORK/b$N-0.json" 'd["plan"]["kind"]')
  json_bytes=$(stat -c %s "$WORK/b$N-0.json")
  # The floor needs every (from, to, address) of the plan: a full mesh lists them all; a sparse
  # plan lists them with --all-probes, run again with the first run's seed (the same plan), and
  # timed too, since that larger output is rank 0's serial work.
  pairs_json="$WORK/b$N-0.json" pf_all=$pf all_bytes=$json_bytes
  if [ "$plan" = sparse ]; then
    seed=$(jq_ "$WORK/b$N-0.json" 'd["plan"]["seed"]')
    time_preflight "$N" "$base" "$rv" "$WORK/a$N" --all-probes --seed "$seed" || die "N=$N: preflight --all-probes did not finish"
    pf_all=$PF_S pairs_json="$WORK/a$N-0.json" all_bytes=$(stat -c %s "$WORK/a$N-0.json")
    [ "$(jq_ "$pairs_json" 'd["verdict"]')" = OK ] || echo "N=$N --all-probes: rank 0 verdict is not OK" >&2
    [ "$(jq_ "$pairs_json" 'd["probe_summary"]["total"]')" = "$probes" ] || die "N=$N: the --all-probes run (seed $seed) planned another number of probes"
  fi
  # floor: the bare program on every node at once, over the same (from, to, address) pairs as
  # preflight's plan (rank 0's probes[] with --all-probes; a full mesh up to 64 nodes)
  python3 - "$pairs_json" "$WORK" "$N" "$base" <<'PY' || die "cannot read the plan's pairs from rank 0's JSON"
import json, sys
d = json.load(open(sys.argv[1])); work, n, base = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
out = {k: [] for k in range(n)}; inc = {k: 0 for k in range(n)}
for p in d["probes"]:
    if p["what"] == "candidate":
        out[p["from"]].append(p["addr"]); inc[p["to"]] += 1
for k in range(n):
    open(f"{work}/peers{n}-{k}", "w").write("".join(a + "\n" for a in out[k]))
    open(f"{work}/expect{n}-{k}", "w").write(str(inc[k]))
PY
  pairs=$(cat "$WORK"/peers$N-* | wc -l)
  # every node listens first; the clock starts when the go file appears
  go="$WORK/go$N"
  pids=()
  for ((k = 0; k < N; k++)); do
    ip netns exec "$(ns_of $((base + k)))" "$WORK/floor" "$(addr_of $((base + k)))" 29600 "$(cat "$WORK/expect$N-$k")" "$WORK/peers$N-$k" 16 "$go" \
      > "$WORK/floor$N-$k.out" 2>&1 &
    pids+=($!)
  done
  for ((k = 0; k < N; k++)); do
    for ((t = 0; t < 6000; t++)); do grep -q ready "$WORK/floor$N-$k.out" 2>/dev/null && break; sleep 0.01; done
  done
  t0=$(now)
  touch "$go"
  floor_fail=0
  for p in "${pids[@]}"; do wait "$p" || floor_fail=$((floor_fail + 1)); done
  floor_s=$(echo "$(now) - $t0" | bc)
  [ "$floor_fail" = 0 ] || echo "N=$N floor: $floor_fail nodes had failed probes" >&2
  # manual: listeners on 29500, then nc -zv from every node to every other node
  lpids=()
  for ((k = 0; k < N; k++)); do
    ip netns exec "$(ns_of $((base + k)))" nc -lk "$(addr_of $((base + k)))" 29500 >/dev/null 2>&1 &
    lpids+=($!)
  done
  sleep 1
  t0=$(now)
  fails=0
  for ((a = 0; a < N; a++)); do
    # one shell per node, as a person would run the loop after ssh-ing in
    f=$(ip netns exec "$(ns_of $((base + a)))" bash -c '
      fails=0
      for peer in $(cat "$1"); do nc -zv -w 2 "$peer" 29500 >/dev/null 2>&1 || fails=$((fails + 1)); done
      echo $fails' _ "$WORK/peers$N-$a")
    fails=$((fails + f))
  done
  nc_s=$(echo "$(now) - $t0" | bc)
  for p in "${lpids[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
  ratio=$(echo "scale=2; $pf / $floor_s" | bc)
  printf 'N=%-4s preflight %6.2f s (%s, %s plan, %s probes, rank 0 cpu %s s, json %s B; with --all-probes %.2f s, %s B)   floor %5.2f s (%d pairs)   %sx floor   nc -zv loop %6.2f s (%d connects, %d failed)\n' \
    "$N" "$pf" "$verdict" "$plan" "$probes" "$rank0_cpu" "$json_bytes" "$pf_all" "$all_bytes" "$floor_s" "$pairs" "$ratio" "$nc_s" "$pairs" "$fails"
  summary+="{\"nodes\":$N,\"preflight_s\":$pf,\"verdict\":\"$verdict\",\"plan\":\"$plan\",\"probes\":$probes,\"rank0_cpu_s\":$rank0_cpu,\"rank0_json_bytes\":$json_bytes,\"all_probes_s\":$pf_all,\"all_probes_json_bytes\":$all_bytes,\"floor_s\":$floor_s,\"floor_pairs\":$pairs,\"nc_loop_s\":$nc_s,\"nc_connects\":$pairs},"
  # tear this size down before the next (namespaces stay until exit; their processes go now)
  for ((k = 0; k < N; k++)); do
    ns=$(ns_of $((base + k)))
    ip netns pids "$ns" 2>/dev/null | xargs -r kill -9 2>/dev/null
  done
done
echo "${summary%,}]"
