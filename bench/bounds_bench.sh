#!/usr/bin/env bash
# The time and speed goals that system tests used to assert, measured here instead (a loaded host
# can miss any such bound, so the tests assert behaviour and only guard against hangs).
#
# Runs the system tests that record a figure (DD_BOUNDS_OUT; see tests/system/preflight/lib.sh
# record_bound) through ctest in BUILD_DIR, REPEATS times, and prints one table:
#   - how long each run with its own deadline took, next to that deadline and the bound the test
#     used to assert (goal: within it);
#   - the hostile-peer runs next to the same run without the attacker (goal: at most +5 s / +15 s);
#   - watch: from a fault (in a real 2-rank job, or a plain process on a silent socket) to the STALL
#     report (goal: within --stall + 15 s);
#   - lint on the 17-line "billion laughs" YAML: CPU seconds (goal: under 1 s);
#   - bench --tune on a link that caps every TCP flow at 120 Mbit/s: NCCL's default (1 socket) and
#     the seeds' 4 sockets measured in the same run as the best point (goal: >= 1.1x the default).
# Needs root (namespaces), like the tests. Run it on a quiet machine.
#
# usage: [REPEATS=1] bench/bounds_bench.sh [BUILD_DIR (build/asan)]
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/asan}"
repeats="${REPEATS:-1}"
[[ "$repeats" =~ ^[1-9][0-9]*$ ]] || { echo "bounds_bench: REPEATS '$repeats' is not a positive integer" >&2; exit 2; }
[[ -f "$build/CTestTestfile.cmake" ]] || { echo "bounds_bench: '$build' is not a configured build (run scripts/run-tests.sh first)" >&2; exit 2; }
((EUID == 0)) || { echo "bounds_bench: needs root (network namespaces)" >&2; exit 2; }
out="$(mktemp -d /tmp/dd-bounds.XXXXXX)"
trap 'rm -rf "$out"' EXIT
tests='^system\.(preflight\.(never-starts|killed-midway|rendezvous-unreachable|ssh|ssh-unreachable)|hardening\.(bad-joins|memory|idle-crowd|fifo)|probe\.hang|lint\.hostile|bench\.tune|watch\.(firewall|wrong-iface|mtu-black-hole|rank-killed|collective-rank0|slow-loader|attach|plain-recv|peer-stopped|peer-skips-barrier))$'
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
for ((r = 1; r <= repeats; r++)); do
  echo "== run $r of $repeats: ctest -R '$tests'" >&2
  DD_BOUNDS_OUT="$out/run$r" ctest --test-dir "$build" -R "$tests" --timeout 900 >"$out/ctest$r.log" 2>&1 ||
    { tail -20 "$out/ctest$r.log" >&2; echo "bounds_bench: a test failed in run $r (log above)" >&2; exit 1; }
done
/usr/bin/python3 - "$out" "$repeats" <<'PY'
import json, os, sys
out, repeats = sys.argv[1], int(sys.argv[2])
# case -> (what the reference is, the bound the test used to assert as a function of the reference)
former = {
    "preflight.never-starts": ("--timeout", lambda t: t + 5),
    "preflight.killed-midway": ("--timeout", lambda t: t + 5),
    "preflight.rendezvous": ("--timeout", lambda t: t + 4),
    "watch": ("fault -> STALL report, --stall", lambda t: t + 15),
    "preflight.ssh": ("--timeout", lambda t: t + 10),
    "preflight.ssh-unreachable": ("--timeout", lambda t: t + 10),
    "hardening.bad-joins": ("--timeout", lambda t: t + 40),
    "hardening.fifo": ("FIFO wait", lambda t: 25),
    "probe.hang": ("probe deadline", lambda t: 4.0),
    "hardening.memory": ("no attacker", lambda t: t + 15),
    "hardening.idle-crowd": ("no attacker", lambda t: t + 5),
    "lint.hostile-billion-laughs": ("CPU s, goal", lambda t: t),
}
rows, held, total = [], 0, 0
for r in range(1, repeats + 1):
    path = os.path.join(out, "run%d" % r)
    for line in open(path) if os.path.exists(path) else []:
        case, ref, took = line.split()
        key = case if case in former else "preflight.rendezvous" if case.startswith("preflight.rendezvous-") else \
            "watch" if case.startswith("watch.") else case
        what, bound = former[key]
        ref, took = float(ref), float(took)
        ok = took <= bound(ref)
        held += ok; total += 1
        rows.append((r, case, "%s %g s" % (what, ref), "%g s" % took, "<= %g s" % bound(ref), "yes" if ok else "NO"))
    tune = path + ".tune.json"
    if os.path.exists(tune):
        t = json.load(open(tune))["tune"]
        b = t["best"]
        ok = t["gain_vs_default"] >= 1.1
        held += ok; total += 1
        rows.append((r, "bench.tune (%dx%d sockets, %d B buffer)" % (b["threads"], b["socks_per_thread"], b["buffsize"]),
                     "default %.0f us, seeds %.0f us" % (t["default"]["time_us"], t["seeds"]["time_us"]),
                     "best %.0f us = %.2fx default" % (b["time_us"], t["gain_vs_default"]), ">= 1.10x", "yes" if ok else "NO"))
head = ("run", "case", "reference (same run)", "measured", "goal", "held")
w = [max(len(str(x[i])) for x in rows + [head]) for i in range(len(head))]
for x in [head] + rows:
    print("  ".join(str(v).ljust(w[i]) for i, v in enumerate(x)).rstrip())
print("goals held: %d of %d" % (held, total))
PY
