#!/bin/bash
# Benchmark of `distdoctor logs` on a realistic NCCL_DEBUG=INFO log of 1,024 ranks (128 hosts x 8
# GPUs, srun -l prefixes, several communicators per rank, a few WARN lines), next to `grep -c WARN`
# and `wc -l` on the same file in the same run. Prints throughput and peak memory as a table, and
# the peak memory on a file 4x smaller to show it does not grow with the input.
# Usage: bench/logs_bench.sh [DISTDOCTOR] [STEPS]   (default: a Release build in build-release/)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
dd=${1:-}
steps=${2:-3000}
if [ -z "$dd" ]; then
  cmake -S "$here" -B "$here/build-release" -G Ninja -DCMAKE_BUILD_TYPE=Release -DDD_BUILD_TESTS=OFF >/dev/null
  ninja -C "$here/build-release" distdoctor >/dev/null
  dd=$here/build-release/distdoctor
fi
work=$(mktemp -d /tmp/dd-logs-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT
log=$work/ranks1024.log
small=$work/ranks1024-quarter.log

python3 - "$log" "$steps" <<'PY'
import sys, random
path, steps = sys.argv[1], int(sys.argv[2])
random.seed(7)
ranks = 1024
hosts = [f"gpu-node-{h:03d}" for h in range(ranks // 8)]
def ident(r):
    return f"{r}: {hosts[r // 8]}:{20000 + r}:{20100 + r} [{r % 8}]"
def line(r, s):
    h = r // 8
    i = ident(r)
    if s == 0: return f"{i} NCCL INFO Bootstrap : Using eth0:198.18.{h // 200}.{h % 200 + 1}<0>"
    if s == 1: return f"{i} NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation"
    if s == 2: return f"{i} NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB ; OOB eth0:198.18.{h // 200}.{h % 200 + 1}<0>"
    if s == 3: return f"{i} NCCL INFO Using network IB"
    if s == 4: return f"{i} NCCL INFO comm 0x7f{r:08x} rank {r} nranks {ranks} cudaDev {r % 8} busId {(r % 8) * 16 + 7:x}000 - Init START"
    if s == 5 and r % 97 == 5:
        return f"\n{i} misc/socket.cc:450 NCCL WARN Call to recv from 198.18.0.9<43555> failed : Connection reset by peer"
    k = s % 40
    c = (s // 40) % 32
    if k < 20:
        return f"{i} NCCL INFO Channel {c:02d}/32 : {r}[{r % 8}] -> {(r + 1) % ranks}[{(r + 1) % 8}] via P2P/IPC/read"
    if k < 30:
        return f"{i} NCCL INFO Channel {c:02d}/0 : {(r + 8) % ranks}[{r % 8}] -> {r}[{r % 8}] [receive] via NET/IB/{r % 4}/GDRDMA"
    if k < 36:
        return f"{i} NCCL INFO Trees [{c}] {(r + 1) % ranks}/-1/-1->{r}->{(r - 1) % ranks} [{c + 1}] -1/-1/-1->{r}->{(r + 8) % ranks}"
    if k == 36: return f"{i} NCCL INFO Connected all rings"
    if k == 37: return f"{i} NCCL INFO Connected all trees"
    if k == 38: return f"{i} NCCL INFO threadThresholds 8/8/64 | 8192/8/64 | 512 | 512"
    return f"{i} NCCL INFO comm 0x7f{r:08x} rank {r} nranks {ranks} cudaDev {r % 8} busId {(r % 8) * 16 + 7:x}000 - Init COMPLETE"
# Ranks write to files/pipes through 4 KB stdio buffers, so a combined log interleaves bursts of
# about 40 lines per rank, in no fixed rank order.
burst = 40
with open(path, "w", buffering=1 << 22) as out:
    for s0 in range(0, steps, burst):
        order = list(range(ranks))
        random.shuffle(order)
        for r in order:
            out.write("\n".join(line(r, s) for s in range(s0, min(s0 + burst, steps))))
            out.write("\n")
PY
head -c "$(($(stat -c %s "$log") / 4))" "$log" >"$small"
cat "$log" "$small" >/dev/null  # page cache warm for every contender

size=$(stat -c %s "$log")
mb=$(python3 -c "print(f'{$size / 1e6:.0f}')")
# measure NAME CMD...: wall seconds and peak RSS (kB) from /usr/bin/time -v, best of 3.
measure() {
  local name=$1; shift
  local best_wall=999999 best_rss=0 best_cpu=999999
  for _ in 1 2 3; do
    # stdout to a file, not /dev/null: GNU grep stops at the first match when writing to /dev/null.
    /usr/bin/time -v -o "$work/time" "$@" >"$work/stdout" 2>"$work/stderr" || true
    local wall rss
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s}' "$work/time")
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time")
    cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {print s}' "$work/time")
    if python3 -c "import sys; sys.exit(0 if $wall < $best_wall else 1)"; then best_wall=$wall best_rss=$rss; fi
    if python3 -c "import sys; sys.exit(0 if $cpu < $best_cpu else 1)"; then best_cpu=$cpu; fi
  done
  python3 -c "
w = max($best_wall, 0.001)
print(f'| {\"$name\":<34} | {w:8.2f} | {$size / 1e6 / w:10.0f} | {$best_cpu:7.2f} | {$best_rss / 1024:9.1f} |')"
  eval "wall_$(echo "$name" | tr -c 'a-z0-9' '_' | cut -c1-12)=$best_wall"
}
echo "input: $log ($mb MB, $(wc -l <"$log") lines, 1024 ranks on 128 hosts)"
# cpu: user + system seconds, best of the same 3 runs: on a loaded machine the fairer comparison.
echo "| command                            | wall (s) |  MB/s      | cpu (s) | peak MB   |"
echo "|------------------------------------|----------|------------|---------|-----------|"
measure "distdoctor logs --json" "$dd" logs --json "$log"
measure "distdoctor logs (text)" "$dd" logs --no-color "$log"
measure "grep -c WARN" grep -c WARN "$log"
measure "wc -l" wc -l "$log"
small_mb=$(python3 -c "print(f'{$(stat -c %s "$small") / 1e6:.0f}')")
size=$(stat -c %s "$small")
measure "distdoctor logs --json (1/4 file)" "$dd" logs --json "$small"
echo "(the 1/4 file is $small_mb MB: equal peak memory means memory does not grow with input size)"
"$dd" logs "$log" | head -12
