#!/usr/bin/env bash
# Benchmark (issue 11): CPU seconds per all_reduce call at N=4, 64 MiB: distdoctor bench vs torch Gloo, by differencing two
# iteration counts (setup and imports cancel). /usr/bin/time per rank; sums user+sys of the 4 ranks.
# The cost side of collective_bench.sh (which measures time). Needs root. Usage: [DD_BENCH_BIN=...] bench/collective_cpu.sh
set -uo pipefail
cd "$(dirname "$0")/.."
DD=$(realpath "${DD_BENCH_BIN:-build/rel/distdoctor}")
. tests/system/preflight/lib.sh
for i in 0 1 2 3; do node $i; link $i eth0 198.18.0.$((i + 1))/24; done
for i in 0 1 2 3; do wait_oper_up $i eth0; done
N=4; S=$((64 << 20))
pids=()
# ranks_ok NAME LOGPREFIX: wait for every rank; a rank that failed makes the CPU sum meaningless, so
# say which one (and its last lines) instead of printing a figure.
ranks_ok() {
  local bad=0
  for ((i = 0; i < N; i++)); do
    wait "${pids[i]}"
    local rc=$?
    [ $rc = 0 ] || { bad=1; echo "$1: rank $i failed (exit $rc): $(tail -3 "$2.$i" 2>/dev/null)" >&2; }
  done
  return $bad
}
dd_cpu() {  # ITERS -> sum of user+sys over ranks
  for ((i = N - 1; i >= 0; i--)); do
    ip netns exec "${P}n$i" /usr/bin/time -f "%U %S" -o "$WORK/t.$i" "$DD" bench --json --rendezvous 198.18.0.1:29520 --rank $i --world $N \
      --token "c$$" -b $S -e $S -n "$1" -w 0 -c 0 --stall 120 > "$WORK/o.$i" 2>"$WORK/e.$i" &
    pids[i]=$!
  done
  ranks_ok distdoctor "$WORK/e" || return 1
  cat "$WORK"/t.? | awk '{s += $1 + $2} END {printf "%.2f", s}'
}
gloo_cpu() {
  for ((i = 0; i < N; i++)); do
    ip netns exec "${P}n$i" env MASTER_ADDR=198.18.0.1 MASTER_PORT=29530 RANK=$i WORLD_SIZE=$N GLOO_SOCKET_IFNAME=eth0 OMP_NUM_THREADS=1 \
      /usr/bin/time -f "%U %S" -o "$WORK/g.$i" /usr/bin/python3 bench/gloo_allreduce.py "$1" 0 $S > "$WORK/go.$i" 2>&1 &
    pids[i]=$!
  done
  ranks_ok gloo "$WORK/go" || return 1
  cat "$WORK"/g.? | awk '{s += $1 + $2} END {printf "%.2f", s}'
}
a=$(dd_cpu 6) && b=$(dd_cpu 18) || die "distdoctor bench failed on a rank: no CPU figure"
echo "distdoctor: 12 iters x 2 placements -> +$(echo "$b - $a" | bc) CPU-s; per call $(echo "scale=4; ($b - $a) / 24" | bc) s"
c=$(gloo_cpu 12) && d=$(gloo_cpu 36) || die "torch Gloo failed on a rank: no CPU figure"
echo "gloo: +24 calls -> +$(echo "$d - $c" | bc) CPU-s; per call $(echo "scale=4; ($d - $c) / 24" | bc) s"
echo "bytes sent per rank per call: $((S * 2 * (N - 1) / N / 1048576)) MiB"
