#!/usr/bin/env bash
# Benchmark: `distdoctor watch` overhead. (1) relay throughput: N MiB of output through
# `watch -- head -c N /dev/zero` next to the same bytes through `head | cat` (the pipe a user
# would otherwise put the job behind), same run; peak RSS of each. (2) watch's own CPU time while
# it samples a healthy job (a step line every 0.1 s, 8 threads) for SECONDS, scaled to one hour.
# Usage: bench/watch_bench.sh [MIB] [SECONDS]; DD=path/to/distdoctor skips the release build.
set -euo pipefail
cd "$(dirname "$0")/.."
mib=${1:-1024}
secs=${2:-60}
if [ -z "${DD:-}" ]; then
  bash scripts/install-deps.sh
  cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DDD_BUILD_TESTS=OFF >/dev/null
  cmake --build build/release --target distdoctor >/dev/null
  DD=./build/release/distdoctor
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

measure() {  # NAME CMD...: wall seconds and peak KiB of CMD (stdout to /dev/null)
  local name=$1; shift
  /usr/bin/time -f "%e %M" -o "$tmp/t" "$@" > /dev/null
  read -r wall kb < "$tmp/t"
  printf '| %s | %.2f s | %.0f MB/s | %d KiB |\n' "$name" "$wall" "$(awk -v a="$mib" -v b="$wall" 'BEGIN{print a / b}')" "$kb"
}
echo "relay of $mib MiB ($DD):"
echo "| path | wall | throughput | peak RSS (incl. children) |"
echo "| --- | --- | --- | --- |"
measure "head -c ${mib}M /dev/zero, piped through cat" bash -c "head -c ${mib}M /dev/zero | cat"
measure "distdoctor watch -- head -c ${mib}M /dev/zero" "$DD" watch --stall 600 -- head -c "${mib}M" /dev/zero
measure "distdoctor watch --log FILE -- head ..." "$DD" watch --stall 600 --log "$tmp/tee.log" -- head -c "${mib}M" /dev/zero

cat > "$tmp/job.py" <<'PY'
import threading, time, sys
stop = time.time() + float(sys.argv[1])
def idle():
    while time.time() < stop: time.sleep(0.05)
for _ in range(8): threading.Thread(target=idle, daemon=True).start()
step = 0
while time.time() < stop:
    print("step %d loss %.3f" % (step, 1.0 / (step + 1)), flush=True); step += 1; time.sleep(0.1)
PY
"$DD" watch --stall 300 -- /usr/bin/python3 "$tmp/job.py" "$secs" > /dev/null &
w=$!
sleep $((secs - 2))
read -r ut st < <(awk '{print $14, $15}' "/proc/$w/stat")
wait "$w"
tck=$(getconf CLK_TCK)
cpu=$(awk -v u="$ut" -v s="$st" -v t="$tck" 'BEGIN{print (u + s) / t}')
span=$((secs - 2))
printf 'watch CPU over %d s of a healthy job (1 sample/s, 9 threads): %.2f s = %.1f s per hour of job (%.3f %% of a core)\n' \
  "$span" "$cpu" "$(awk -v c="$cpu" -v s="$span" 'BEGIN{print c * 3600 / s}')" "$(awk -v c="$cpu" -v s="$span" 'BEGIN{print c * 100 / s}')"
