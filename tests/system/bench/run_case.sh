#!/bin/bash
# System tests for `distdoctor bench`: 2-3 network-namespace nodes on one bridge (preflight's
# lib.sh), each running the real binary; asserts #wrong = 0 and the JSON shape, and that a node
# killed mid-run is named by rank 0 within a bounded time. Usage: run_case.sh DISTDOCTOR CASE
set -u
DD=$1
CASE=$2
HERE="$(cd "$(dirname "$0")/../preflight" && pwd)"

# --backend nccl on one node (no namespaces, no GPU here): the real libnccl must say there is no
# GPU (exit 2); the fake libnccl+libcudart (a world of one in host memory) runs every op exact,
# a corrupting fake is caught, and a fake without devices is refused like the real one.
if [ "$CASE" = nccl ]; then
  FAKE=$3
  REAL=$4
  fail() { echo "FAIL: $*" >&2; exit 1; }
  T=$(mktemp -d /tmp/ddb-nccl.XXXXXX)
  trap 'rm -rf "$T"' EXIT
  [ -f "$REAL" ] || fail "the real libnccl $REAL is missing (the probe tests need it too)"
  "$DD" bench --world 1 --rank 0 --backend nccl --nccl-lib "$REAL" -b 1K -e 1K > "$T/real.out" 2> "$T/real.err"; rc=$?
  [ $rc = 2 ] || fail "real libnccl without a GPU exited $rc, expected 2: $(cat "$T/real.out" "$T/real.err")"
  grep -q -- "--backend nccl: $REAL (NCCL 2\.[0-9]*\.[0-9]*) with .*libcudart.*: no .*GPU" "$T/real.err" ||
    fail "the message does not say that there is no GPU: $(cat "$T/real.err")"
  [ -s "$T/real.out" ] && fail "stdout is not empty on a usage error: $(cat "$T/real.out")"
  DD_FAKE_CUDA_DEVICES=0 "$DD" bench --world 1 --backend nccl --nccl-lib "$FAKE" --cudart-lib "$FAKE" -b 1K -e 1K \
    > /dev/null 2> "$T/none.err"; rc=$?
  [ $rc = 2 ] && grep -q "no GPU: cudaGetDeviceCount found 0 CUDA devices" "$T/none.err" ||
    fail "fake without devices: exit $rc: $(cat "$T/none.err")"
  "$DD" bench --world 1 --backend nccl --nccl-lib "$FAKE" --cudart-lib "$FAKE" --op all -b 1000 -e 49000 -f 7 -n 2 \
    --json > "$T/fake.json" 2> "$T/fake.err"; rc=$?
  [ $rc = 0 ] || fail "fake NCCL run exited $rc: $(cat "$T/fake.err") $(head -c 2000 "$T/fake.json")"
  python3 - "$T/fake.json" <<'PY' || fail "fake NCCL run: $(head -c 3000 "$T/fake.json")"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["backend"] == "nccl" and d["verdict"] == "OK", (d.get("backend"), d["verdict"], d["findings"])
assert len(d["results"]) == 36 and all(r["wrong"] == 0 for r in d["results"]), d["results"]
assert {r["op"] for r in d["results"]} == {"all_reduce", "all_gather", "reduce_scatter", "broadcast", "alltoall",
                                           "sendrecv"}
PY
  DD_FAKE_NCCL_CORRUPT=1 "$DD" bench --world 1 --backend nccl --nccl-lib "$FAKE" --cudart-lib "$FAKE" -b 4K -e 4K \
    --json > "$T/bad.json" 2> "$T/bad.err"; rc=$?
  [ $rc = 1 ] || fail "a corrupting NCCL exited $rc, expected 1: $(cat "$T/bad.err")"
  grep -q '"bench.data.wrong"' "$T/bad.json" || fail "no bench.data.wrong: $(head -c 2000 "$T/bad.json")"
  "$DD" bench --world 1 --backend gloo > /dev/null 2> "$T/gloo.err"; rc=$?
  [ $rc = 2 ] && grep -q -- "--backend 'gloo': tcp or nccl" "$T/gloo.err" || fail "--backend gloo: exit $rc"
  echo "PASS nccl"
  exit 0
fi

# Usage errors need no namespaces.
if [ "$CASE" = usage ]; then
  fail() { echo "FAIL: $*" >&2; exit 1; }
  expect2() {  # ARGS... : exit 2 and a message naming the input
    local want=$1; shift
    "$DD" bench --world 1 --rank 0 "$@" > /tmp/ddb-usage.$$ 2>&1; local rc=$?
    [ $rc = 2 ] || fail "bench $* exited $rc, expected 2: $(cat /tmp/ddb-usage.$$)"
    grep -q -- "$want" /tmp/ddb-usage.$$ || fail "bench $*: message lacks '$want': $(cat /tmp/ddb-usage.$$)"
  }
  trap 'rm -f /tmp/ddb-usage.$$' EXIT
  expect2 "-b 'lots'" -b lots
  expect2 "-e 1048576: smaller than -b" -b 8M -e 1M
  expect2 "unknown operation" --op allreduce
  expect2 "--root 3" --op broadcast --root 3 -b 1K -e 1K
  expect2 "ifname" --ifname nosuch0 -b 1K -e 1K
  expect2 "--p2p: a world of 1" --p2p
  expect2 "--tune: a world of 1" --tune
  expect2 "--p2p and --tune" --tune --p2p
  echo "PASS usage"
  exit 0
fi

. "$HERE/lib.sh"
RDV=198.18.0.1:29511

# run_bench I OUTFILE [bench flags]: distdoctor bench --json in node I (hostname nodeI), in the
# background; PID (the distdoctor process itself: every wrapper execs) in BENCH_PID.
run_bench() {
  local i=$1 out=$2; shift 2
  ip netns exec "${P}n$i" unshare --uts bash -c 'hostname "$1"; shift; exec "$@"' _ "node$i" \
    "$DD" bench --json --rendezvous "$RDV" --rank "$i" --token "t$$" "$@" > "$out" 2> "$out.err" &
  BENCH_PID=$!
}

check_schema() {  # FILE: rank 0's object: command, verdict OK, results with every field and #wrong 0
  python3 - "$1" <<'PY' || die "rank 0's JSON: $(head -c 2000 "$1")"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["command"] == "bench" and d["role"] == "rank0", d.get("role")
assert d["verdict"] == "OK", (d["verdict"], d["findings"])
assert isinstance(d["findings"], list) and not [f for f in d["findings"] if f["severity"] == "error"]
res = d["results"]
assert res, "no results"
ops = set()
for r in res:
    for k, t in (("op", str), ("bytes", int), ("time_us", (int, float)), ("algbw_gbps", (int, float)),
                 ("busbw_gbps", (int, float)), ("wrong", int), ("in_place", bool)):
        assert isinstance(r[k], t), (k, r)
    assert r["wrong"] == 0, r
    assert r["time_us"] > 0 and r["algbw_gbps"] > 0, r
    ops.add(r["op"])
want = set(sys.argv[2].split(",")) if len(sys.argv) > 2 else None
print("ops", sorted(ops), "rows", len(res), "avg busbw", d["avg_busbw_gbps"])
PY
}

case "$CASE" in
  healthy)
    # 3 nodes, every operation at odd sizes (1000 B is not a multiple of 3 ranks nor of 16 B).
    for i in 0 1 2; do node $i; link $i eth0 198.18.0.$((i + 1))/24; done
    for i in 0 1 2; do wait_oper_up $i eth0; done
    pids=()
    for i in 0 1 2; do
      run_bench $i "$WORK/b$i.json" --world 3 --op all -b 1000 -e 300000 -f 7 -n 2 -w 1 --sockets 2 --segment-kib 16 --timeout 60
      pids+=($BENCH_PID)
    done
    for i in 0 1 2; do wait "${pids[$i]}"; rc=$?; [ $rc = 0 ] || die "rank $i exited $rc: $(cat "$WORK/b$i.json.err") $(head -c 1500 "$WORK/b$i.json")"; done
    check_schema "$WORK/b0.json"
    python3 - "$WORK/b0.json" <<'PY' || die "not every op/size was measured"
import json, sys
d = json.load(open(sys.argv[1]))
ops = {r["op"] for r in d["results"]}
assert ops == {"all_reduce", "all_gather", "reduce_scatter", "broadcast", "alltoall", "sendrecv"}, ops
# sizes 1000, 7000, 49000: 3 sizes x 2 placements x 6 ops
assert len(d["results"]) == 36, len(d["results"])
assert {r["host"] for r in d["ranks"]} == {"node0", "node1", "node2"}, d["ranks"]
assert all(r["addr"].startswith("198.18.0.") for r in d["ranks"]), d["ranks"]
PY
    for i in 1 2; do [ "$(jq_ "$WORK/b$i.json" 'd["verdict"]')" = OK ] || die "member $i: $(cat "$WORK/b$i.json")"; done
    # Text mode, 2 nodes: nccl-tests' summary lines are there.
    ip netns exec "${P}n1" "$DD" bench --rendezvous "$RDV" --rank 1 --world 2 --token "u$$" -b 64K -e 64K -n 2 \
      > "$WORK/t1.txt" 2>&1 &
    p1=$!
    ip netns exec "${P}n0" "$DD" bench --rendezvous "$RDV" --rank 0 --world 2 --token "u$$" -b 64K -e 64K -n 2 \
      > "$WORK/t0.txt" 2>&1 || die "text run: $(cat "$WORK/t0.txt")"
    wait $p1 || die "text run rank 1: $(cat "$WORK/t1.txt")"
    grep -q "^# Avg bus bandwidth    : [0-9]" "$WORK/t0.txt" || die "no Avg bus bandwidth line: $(cat "$WORK/t0.txt")"
    grep -q "^# Out of bounds values : 0 OK" "$WORK/t0.txt" || die "wrong values: $(cat "$WORK/t0.txt")"
    grep -Eq "^ +65536 +16384 +float +sum +-1 " "$WORK/t0.txt" || die "no 64 KiB row: $(cat "$WORK/t0.txt")"
    ;;
  killed)
    # Node 2 is killed once the sweep runs; ranks 0 and 1 stop within --stall and rank 0 names it.
    for i in 0 1 2; do node $i; link $i eth0 198.18.0.$((i + 1))/24; done
    for i in 0 1 2; do wait_oper_up $i eth0; done
    pids=()
    for i in 0 1 2; do
      run_bench $i "$WORK/b$i.json" --world 3 -b 4M -e 4M -n 100000 -w 0 -c 0 --stall 10 --timeout 60 --verbose
      pids+=($BENCH_PID)
    done
    for _ in $(seq 600); do grep -q "mesh ready" "$WORK/b2.json.err" && break; sleep 0.1; done
    grep -q "mesh ready" "$WORK/b2.json.err" || die "rank 2 never opened its mesh: $(cat "$WORK/b2.json.err")"
    start=$(date +%s)
    kill -9 "${pids[2]}"
    wait "${pids[2]}" 2>/dev/null
    rc0=124
    for _ in $(seq 900); do kill -0 "${pids[0]}" 2>/dev/null || break; sleep 0.1; done
    kill -0 "${pids[0]}" 2>/dev/null && die "rank 0 still runs 90 s after node 2 died"
    wait "${pids[0]}"; rc0=$?
    wait "${pids[1]}"; rc1=$?
    echo "rank 0 exited $rc0 after $(( $(date +%s) - start )) s, rank 1 $rc1" >&2
    [ $rc0 = 1 ] || die "rank 0 exited $rc0, expected 1: $(cat "$WORK/b0.json")"
    [ $rc1 = 1 ] || die "rank 1 exited $rc1, expected 1: $(cat "$WORK/b1.json")"
    python3 - "$WORK/b0.json" <<'PY' || die "rank 0 does not name node 2: $(cat "$WORK/b0.json")"
import json, sys
d = json.load(open(sys.argv[1]))
f = [f for f in d["findings"] if f["id"] == "bench.rank.lost"]
assert f and f[0]["severity"] == "error", d["findings"]
assert f[0]["ranks"] == [2] and f[0]["hosts"] == ["node2"], f[0]
assert [l["rank"] for l in d["lost"]] == [2], d["lost"]
assert d["verdict"] == "FAILED"
PY
    ;;
  p2p)
    # --p2p on 4 nodes. A: node 3 sends through a 40 Mbit/s token bucket (tc tbf on its eth0), so
    # every pair with node 3 is slow: rank 0 names node 3, not its links. B: node 0 sends to node 1
    # alone through a 40 Mbit/s class (tc htb + a u32 filter on node 1's address): only the link
    # 0-1 is slow, and rank 0 names that link.
    for i in 0 1 2 3; do node $i; link $i eth0 198.18.0.$((i + 1))/24; done
    for i in 0 1 2 3; do wait_oper_up $i eth0; done
    p2p_run() {  # TAG: bench --p2p on the 4 nodes, rank 0's JSON in $WORK/TAG-0.json
      local pids=() i
      for i in 0 1 2 3; do
        run_bench $i "$WORK/$1-$i.json" --world 4 --p2p -e 2M -n 3 --timeout 60 --stall 60
        pids+=($BENCH_PID)
      done
      for i in 0 1 2 3; do wait "${pids[$i]}"; rc=$?; [ $rc = 0 ] || die "$1: rank $i exited $rc: $(cat "$WORK/$1-$i.json.err") $(head -c 1500 "$WORK/$1-$i.json")"; done
    }
    ip netns exec "${P}n3" tc qdisc add dev eth0 root tbf rate 40mbit burst 32kb latency 500ms || die "tc tbf failed"
    p2p_run node
    python3 - "$WORK/node-0.json" <<'PY' || die "slow node 3 not named: $(head -c 3000 "$WORK/node-0.json")"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["verdict"] == "SLOW", d["verdict"]
p = d["p2p"]
assert p["slow_nodes"] == [3] and p["slow_links"] == [], (p["slow_nodes"], p["slow_links"])
assert len(p["pairs"]) == 6 and all(x["gbps"] > 0 for x in p["pairs"]), p["pairs"]
slow = [x for x in p["pairs"] if 3 in (x["a"], x["b"])]
assert all(x["gbps"] < 0.02 for x in slow), slow  # 40 Mbit/s = 0.005 GB/s, plus what the bucket lets burst
f = [f for f in d["findings"] if f["id"] == "bench.p2p.slow-node"]
assert len(f) == 1 and f[0]["hosts"] == ["node3"] and f[0]["label"] == "performance", d["findings"]
assert len(d["findings"]) == 1, d["findings"]
print("slow node:", f[0]["title"])
PY
    ip netns exec "${P}n3" tc qdisc del dev eth0 root || die "tc del failed"
    ip netns exec "${P}n0" tc qdisc add dev eth0 root handle 1: htb default 10 &&
      ip netns exec "${P}n0" tc class add dev eth0 parent 1: classid 1:10 htb rate 10gbit &&
      ip netns exec "${P}n0" tc class add dev eth0 parent 1: classid 1:20 htb rate 40mbit &&
      ip netns exec "${P}n0" tc filter add dev eth0 parent 1: protocol ip u32 match ip dst 198.18.0.2/32 flowid 1:20 ||
      die "tc htb failed"
    p2p_run link
    python3 - "$WORK/link-0.json" <<'PY' || die "slow link 0-1 not named: $(head -c 3000 "$WORK/link-0.json")"
import json, sys
d = json.load(open(sys.argv[1]))
p = d["p2p"]
assert p["slow_nodes"] == [] and p["slow_links"] == [[0, 1]], (p["slow_nodes"], p["slow_links"])
f = [f for f in d["findings"] if f["id"] == "bench.p2p.slow-link"]
assert len(f) == 1 and f[0]["ranks"] == [0, 1] and f[0]["hosts"] == ["node0", "node1"], d["findings"]
print("slow link:", f[0]["title"])
PY
    # Text mode on 2 nodes: the matrix is printed.
    ip netns exec "${P}n0" tc qdisc del dev eth0 root
    ip netns exec "${P}n1" "$DD" bench --rendezvous "$RDV" --rank 1 --world 2 --token "v$$" --p2p -e 64K -n 2 \
      > "$WORK/p1.txt" 2>&1 &
    p1=$!
    ip netns exec "${P}n0" "$DD" bench --rendezvous "$RDV" --rank 0 --world 2 --token "v$$" --p2p -e 64K -n 2 \
      > "$WORK/p0.txt" 2>&1 || die "p2p text run: $(cat "$WORK/p0.txt")"
    wait $p1 || die "p2p text run rank 1: $(cat "$WORK/p1.txt")"
    grep -q "^#  GB/s each way" "$WORK/p0.txt" && grep -q "no slow node or link" "$WORK/p0.txt" ||
      die "no matrix in the text output: $(cat "$WORK/p0.txt")"
    ;;
  tune)
    # --tune on 2 nodes whose every TCP flow is capped at 120 Mbit/s: both eth0 egresses put each
    # connection in one of 8 htb classes by bits 1-3 of its ephemeral port (Linux gives connect()
    # even ports, consecutive per destination): node 1 dials, so its flows differ in the source
    # port, node 0's replies in the destination port. This asserts behaviour only: the sweep ran
    # every point, the best is the fastest of its own points, the gains are the ratios of its own
    # figures, the advice follows from them, and the export lines set exactly the advised values in
    # a real bash. How much several sockets gain here (>= 1.1x expected on this link) is a speed
    # figure that a loaded host can miss: bench/bounds_bench.sh measures it.
    for i in 0 1; do node $i; link $i eth0 198.18.0.$((i + 1))/24; done
    for i in 0 1; do wait_oper_up $i eth0; done
    for i in 0 1; do
      key=$([ $i = 0 ] && echo dport || echo sport)
      ip netns exec "${P}n$i" tc qdisc add dev eth0 root handle 1: htb default 1 || die "tc htb on node $i"
      ip netns exec "${P}n$i" tc class add dev eth0 parent 1: classid 1:1 htb rate 10gbit || die "tc class on node $i"
      for k in 0 1 2 3 4 5 6 7; do
        ip netns exec "${P}n$i" tc class add dev eth0 parent 1: classid 1:$((10 + k)) htb rate 120mbit ceil 120mbit &&
          ip netns exec "${P}n$i" tc filter add dev eth0 parent 1: protocol ip prio 1 u32 \
            match ip protocol 6 0xff match ip $key $((k * 2)) 0x000e flowid 1:$((10 + k)) ||
          die "tc per-flow class $k on node $i"
      done
    done
    pids=()
    for i in 0 1; do
      run_bench $i "$WORK/t$i.json" --world 2 --tune -e 4M -n 2 -w 1 --timeout 60 --stall 60
      pids+=($BENCH_PID)
    done
    for i in 0 1; do wait "${pids[$i]}"; rc=$?; [ $rc = 0 ] || die "rank $i exited $rc: $(cat "$WORK/t$i.json.err") $(head -c 3000 "$WORK/t$i.json")"; done
    python3 - "$WORK/t0.json" "$WORK/advice.sh" <<'PY' || die "--tune's result is not coherent: $(head -c 6000 "$WORK/t0.json")"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["verdict"] == "OK", (d["verdict"], d["findings"])
t = d["tune"]
assert t["op"] == "all_reduce" and t["bytes"] == 4 << 20, t
pts = t["points"]
assert len(pts) == 16 + 5, len(pts)  # stage 1: T x S <= 64; stage 2: five buffer sizes
assert all(p["wrong"] == 0 and p["time_us"] > 0 for p in pts), pts
assert all(p["threads"] * p["socks_per_thread"] <= 64 for p in pts)
assert t["default"]["sockets"] == 1 and t["default"]["buffsize"] == 4 << 20, t["default"]
assert t["seeds"]["sockets"] == 4 and t["seeds"]["buffsize"] == 4 << 20, t["seeds"]
best = t["best"]
fastest = min(pts, key=lambda p: p["time_us"])
assert best == fastest, ("best is not the fastest measured point", best, fastest)
def point(threads, socks, buf):
    m = [p for p in pts if (p["threads"], p["socks_per_thread"], p["buffsize"]) == (threads, socks, buf)]
    assert m, ("point not measured", threads, socks, buf)
    return m[0]
assert t["default"] == point(1, 1, 4 << 20) and t["seeds"] == point(1, 4, 4 << 20), (t["default"], t["seeds"])
close = lambda a, b: abs(a - b) <= 1e-9 * max(abs(a), abs(b))
assert close(t["gain_vs_default"], t["default"]["time_us"] / best["time_us"]), t
assert close(t["gain_vs_seeds"], t["seeds"]["time_us"] / best["time_us"]), t
assert t["change"] == (t["gain_vs_default"] >= t["min_gain"]), t
assert t["min_gain"] == 1.1, t["min_gain"]
ids = [f["id"] for f in d["findings"]]
if t["change"]:
    env = t["advice"]["env"]
    assert env == {"NCCL_SOCKET_NTHREADS": str(best["threads"]), "NCCL_NSOCKS_PERTHREAD": str(best["socks_per_thread"]),
                   "NCCL_BUFFSIZE": str(best["buffsize"])}, env
    assert len(t["advice"]["lines"]) == 3, t["advice"]
    f = [f for f in d["findings"] if f["id"] == "bench.tune.advice"]
    assert len(f) == 1 and f[0]["severity"] == "info" and f[0]["label"] == "performance", d["findings"]
    assert f[0]["fix"]["env"] == env, f[0]["fix"]
    assert ("%.2fx" % t["gain_vs_default"]) in f[0]["title"], f[0]["title"]
else:
    assert t["advice"] is None and "bench.tune.advice" not in ids, (t["advice"], ids)
    assert "bench.tune.defaults-fine" in ids, ids
open(sys.argv[2], "w").write("\n".join(t["advice"]["lines"]) + "\n" if t["change"] else "")
print("tune: best %d sockets (%dx%d), buffer %d, %.2fx default, %.2fx seeds, change=%s" % (
    best["sockets"], best["threads"], best["socks_per_thread"], best["buffsize"], t["gain_vs_default"],
    t["gain_vs_seeds"], t["change"]))
PY
    [ "$(jq_ "$WORK/t1.json" 'd["verdict"]')" = OK ] || die "member 1: $(cat "$WORK/t1.json")"
    # the export lines, pasted into a real bash, set exactly the advised values
    if [ -s "$WORK/advice.sh" ]; then
      got=$(env -i /bin/bash -c ". \"\$1\"; env | grep '^NCCL_' | sort" _ "$WORK/advice.sh") || die "advice lines fail in bash"
      want=$(jq_ "$WORK/t0.json" '"\n".join(sorted(k + "=" + v for k, v in d["tune"]["advice"]["env"].items()))')
      [ "$got" = "$want" ] || die "bash got '$got' from the advice lines, advice says '$want'"
    fi
    [ -n "${DD_BOUNDS_OUT:-}" ] && cp "$WORK/t0.json" "$DD_BOUNDS_OUT.tune.json"
    ;;
  *) die "unknown case $CASE" ;;
esac
echo "PASS $CASE"
