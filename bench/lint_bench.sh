#!/usr/bin/env bash
# Benchmark: `distdoctor lint` throughput on one core (taskset -c 0) over a generated tree of
# 50,000 Python lines (the rule fixtures and public examples of tests/data/lint, copied with
# renamed functions until the tree has the line count), next to the usual alternative in the same
# run: /usr/bin/python3 parsing the same files with its own `ast` module (parse only, no rules).
# Target (issue 9): >= 20,000 lines/s on one core. Usage: bench/lint_bench.sh [LINES]
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${1:-50000}
# DD_BENCH_BIN=path uses an already built distdoctor (e.g. build/asan/distdoctor, a lower bound).
dd=${DD_BENCH_BIN:-}
if [ -z "$dd" ]; then
  bash scripts/install-deps.sh
  cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DDD_BUILD_TESTS=OFF >/dev/null
  cmake --build build/release --target distdoctor >/dev/null
  dd=./build/release/distdoctor
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

/usr/bin/python3 - "$tmp/tree" "$lines" tests/data/lint/rules tests/data/lint/public <<'PY'
import os, sys
out, want = sys.argv[1], int(sys.argv[2])
sources = []
for d in sys.argv[3:]:
    for name in sorted(os.listdir(d)):
        if name.endswith(".py"):
            with open(os.path.join(d, name)) as f:
                sources.append(f.read())
total, i = 0, 0
while total < want:
    text = sources[i % len(sources)].replace("def ", "def v%d_" % i)
    sub = os.path.join(out, "pkg%02d" % (i % 20))
    os.makedirs(sub, exist_ok=True)
    with open(os.path.join(sub, "mod%05d.py" % i), "w") as f:
        f.write(text)
    total += text.count("\n")
    i += 1
print("generated %d files, %d lines" % (i, total), file=sys.stderr)
PY
count=$(find "$tmp/tree" -name '*.py' -exec cat {} + | wc -l)

# best of 5 runs: "wall cpu" seconds; cpu = user + sys of the one core the run is pinned to (the
# development VM is shared, so wall time there says more about the neighbours than about lint).
best() {
  local bw=999 bc=999 out
  for _ in 1 2 3 4 5; do
    /usr/bin/time -o "$tmp/time" -f '%e %U %S' "$@" >/dev/null 2>&1 || true  # lint exits 1 on error findings
    out=$(tail -1 "$tmp/time")
    read -r bw bc <<<"$(awk -v o="$out" -v bw="$bw" -v bc="$bc" 'BEGIN { split(o, a, " "); c = a[2] + a[3];
      print (a[1] < bw ? a[1] : bw), (c < bc ? c : bc) }')"
  done
  echo "$bw $bc"
}
read -r w_dd c_dd <<<"$(best taskset -c 0 "$dd" lint --json "$tmp/tree")"
read -r w_py c_py <<<"$(best taskset -c 0 /usr/bin/python3 -c '
import ast, pathlib, sys
for p in pathlib.Path(sys.argv[1]).rglob("*.py"):
    ast.parse(p.read_text())' "$tmp/tree")"
findings=$("$dd" lint --json "$tmp/tree" | /usr/bin/python3 -c 'import json,sys; print(len(json.load(sys.stdin)["findings"]))' || true)
rate() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.0f", n / (t > 0 ? t : 0.001) }'; }
printf '%-40s %8s %8s %14s\n' "run (one core, $count lines)" "wall s" "cpu s" "lines/cpu-s"
printf '%-40s %8s %8s %14s\n' "distdoctor lint --json (all rules)" "$w_dd" "$c_dd" "$(rate "$count" "$c_dd")"
printf '%-40s %8s %8s %14s\n' "python3 ast.parse (parse only)" "$w_py" "$c_py" "$(rate "$count" "$c_py")"
echo "findings: $findings; target: >= 20000 lines/s for distdoctor lint"
(($(rate "$count" "$c_dd") >= 20000)) || { echo "lint_bench: below target" >&2; exit 1; }
