#!/usr/bin/env bash
# Benchmark: `distdoctor check --no-probe` wall time and peak memory, next to `ip -j addr` (the
# manual alternative for the inventory part) run the same number of times in the same run.
# Target (issue 2): under 20 ms and 10 MB per run. Usage: bench/check_bench.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-50}
bash scripts/install-deps.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DDD_BUILD_TESTS=OFF >/dev/null
cmake --build build/release --target distdoctor >/dev/null
dd=./build/release/distdoctor
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

peak_kb() {  # max RSS in KiB over 5 runs of "$@"
  local max=0 kb
  for _ in 1 2 3 4 5; do
    kb=$(/usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1)
    ((kb > max)) && max=$kb
  done
  echo "$max"
}

# -i: distdoctor exits 1 when it finds an error (this VM: hostname on loopback); that is a result, not a failure.
hyperfine -N -i --warmup 3 --runs "$runs" --export-json "$tmp/h.json" \
  -n "distdoctor check --no-probe" "$dd check --no-probe --json" \
  -n "distdoctor nics --no-probe" "$dd nics --no-probe --json" \
  -n "ip -j addr" "ip -j addr" >/dev/null 2>&1

declare -A mem
mem["distdoctor check --no-probe"]=$(peak_kb "$dd" check --no-probe --json)
mem["distdoctor nics --no-probe"]=$(peak_kb "$dd" nics --no-probe --json)
mem["ip -j addr"]=$(peak_kb ip -j addr)

printf '%-30s %6s %10s %10s %10s %12s\n' command runs mean_ms median_ms max_ms peak_rss_MB
/usr/bin/python3 - "$tmp/h.json" <<'PY' | while IFS=$'\t' read -r name n mean median mx; do
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    t = r["times"]
    print("\t".join([r["command"], str(len(t)), f"{r['mean']*1e3:.2f}", f"{r['median']*1e3:.2f}", f"{max(t)*1e3:.2f}"]))
PY
  printf '%-30s %6s %10s %10s %10s %12.1f\n' "$name" "$n" "$mean" "$median" "$mx" "$(awk -v k="${mem[$name]}" 'BEGIN{print k/1024}')"
done
echo "target: distdoctor check --no-probe mean < 20 ms, peak RSS < 10 MB"
