#!/usr/bin/env bash
# System tests of the NCCL probe against the real libnccl (and fake hanging/crashing ones).
# usage: probe_netns.sh --distdoctor EXE --driver EXE --lib LIBNCCL --hang-lib SO --crash-lib SO CASE
# Cases that load the real libnccl run inside a fresh network namespace holding one veth renamed
# eth0 at 198.18.77.2/24 (its peer in a second namespace, so nothing touches the host's network);
# both namespaces are removed on exit, failure included. Needs root for those cases: without it
# the test FAILS, it never skips.
set -euo pipefail

die() { echo "FAIL: $*" >&2; exit 1; }

while [[ $# -gt 1 ]]; do
  case "$1" in
    --distdoctor) DD=$2; shift 2 ;;
    --driver) DRIVER=$2; shift 2 ;;
    --lib) LIB=$2; shift 2 ;;
    --hang-lib) HANG_LIB=$2; shift 2 ;;
    --crash-lib) CRASH_LIB=$2; shift 2 ;;
    *) die "unknown argument $1" ;;
  esac
done
CASE=${1:?case name missing}
for f in "$DD" "$DRIVER" "$HANG_LIB" "$CRASH_LIB"; do [[ -x "$f" || -f "$f" ]] || die "missing $f (build it first)"; done
[[ -f "$LIB" ]] || die "real libnccl not found at $LIB (the CUDA toolkit's NCCL 2.28.9 is expected there)"

NS="ddP-$CASE-$$"
PEER_NS="ddP-peer-$$"
TMP=$(mktemp -d /tmp/ddP-XXXXXX)
cleanup() {
  ip netns del "$NS" 2>/dev/null || true
  ip netns del "$PEER_NS" 2>/dev/null || true
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A clean environment for the child: no NCCL_* of the caller leaks into the test.
base_env=(env -i "PATH=/usr/sbin:/usr/bin:/sbin:/bin" "HOME=$TMP")
[[ -n "${ASAN_OPTIONS:-}" ]] && base_env+=("ASAN_OPTIONS=$ASAN_OPTIONS")
[[ -n "${UBSAN_OPTIONS:-}" ]] && base_env+=("UBSAN_OPTIONS=$UBSAN_OPTIONS")

make_netns() {
  [[ $(id -u) -eq 0 ]] || die "case $CASE needs root (network namespaces); run the system tests as root"
  ip netns add "$NS" || die "cannot create network namespace $NS"
  ip netns add "$PEER_NS" || die "cannot create network namespace $PEER_NS"
  local a="ddPa$$" b="ddPb$$"
  ip link add "$a" type veth peer name "$b" || die "cannot create veth pair"
  ip link set "$a" netns "$NS"
  ip link set "$b" netns "$PEER_NS"
  # No IPv6 link-local addresses: nothing is sent, and the answer can only be the IPv4 one.
  ip -n "$NS" link set "$a" addrgenmode none name eth0
  ip -n "$PEER_NS" link set "$b" addrgenmode none
  ip -n "$NS" addr add 198.18.77.2/24 dev eth0
  ip -n "$NS" link set lo up
  ip -n "$NS" link set eth0 up
  ip -n "$PEER_NS" link set "$b" up
}

# Runs a command in the test namespace with the clean environment plus VAR=VALUE arguments.
in_ns() { ip netns exec "$NS" "${base_env[@]}" "$@"; }

# check JSON 'python-expression' 'what': evaluates the expression with j bound to the JSON.
check() {
  python3 -c '
import json, sys
j = json.loads(sys.argv[1])
ok = eval(sys.argv[2])
if not ok:
    print("FAIL: " + sys.argv[3] + "\n  expected: " + sys.argv[2] + "\n  got: " + json.dumps(j, indent=1), file=sys.stderr)
    sys.exit(1)
' "$1" "$2" "$3"
}

case "$CASE" in
  child)
    make_netns
    out=$(in_ns timeout 30 "$DD" __probe-nccl "$LIB") || die "__probe-nccl exited $?"
    echo "$out"
    [[ $(printf '%s\n' "$out" | wc -l) -eq 1 ]] || die "stdout must be exactly one JSON line"
    check "$out" 'j["ok"] is True and j["stage"] == "done" and j["rc"] == 0' "probe succeeded"
    check "$out" 'j["version_code"] == 22809 and j["version"] == "2.28.9"' "NCCL 2.28.9"
    check "$out" 'j["observed"]["iface"] == "eth0" and j["observed"]["addr"] == "198.18.77.2"' "eth0 at 198.18.77.2"
    check "$out" 'j["observed"]["source"] == "unique-id" and 0 < j["observed"]["port"] < 65536' "ephemeral root port"
    ;;
  driver)
    make_netns
    out=$(in_ns NCCL_DEBUG=INFO "$DRIVER" probe "$DD" "$LIB" 10000) || die "driver exited $?"
    echo "$out"
    check "$out" 'j["result"]["ok"] is True and j["result"]["status"] == "ok"' "probe ok"
    check "$out" 'j["result"]["version"] == "2.28.9"' "version 2.28.9"
    check "$out" 'j["result"]["observed"] == {**j["result"]["observed"], "iface": "eth0", "addr": "198.18.77.2"}' "eth0"
    check "$out" 'any("Bootstrap: Using eth0:198.18.77.2<0>" in l for l in j["result"]["nccl_output"])' \
      "NCCL's own INFO line kept as evidence (it went to the child's stderr, not into the answer)"
    ;;
  ifname_nothing)
    make_netns
    out=$(in_ns NCCL_SOCKET_IFNAME=nothing "$DRIVER" probe "$DD" "$LIB" 10000) || die "driver exited $?"
    echo "$out"
    check "$out" 'j["result"]["ok"] is False and j["result"]["status"] == "nccl-error" and j["result"]["rc"] == 5' \
      "ncclGetUniqueId fails with invalid usage (5)"
    check "$out" '"no socket interface found" in j["result"]["error"] and j["result"]["observed"] is None' \
      "error carries ncclGetLastError"
    ;;
  comm_id)
    make_netns
    out=$(in_ns NCCL_COMM_ID=198.18.77.1:29500 "$DRIVER" probe "$DD" "$LIB" 10000) || die "driver exited $?"
    echo "$out"
    check "$out" 'j["result"]["ok"] is True' "probe ok"
    o='j["result"]["observed"]'
    check "$out" "$o[\"source\"] == \"NCCL_COMM_ID\" and $o[\"addr\"] == \"198.18.77.1\" and $o[\"port\"] == 29500" \
      "the id carries NCCL_COMM_ID's address and it is said so"
    check "$out" "$o[\"iface\"] == \"eth0\" and \"another host\" in $o[\"note\"]" "bootstrap interface in that subnet"
    ;;
  hang)
    # hang guard 65 s (3 x 1.5 s + 60), not a speed limit: how soon after its deadline the child is
    # killed is recorded for bench/bounds_bench.sh (DD_BOUNDS_OUT), never asserted here
    out=$(timeout -k 5 65 "${base_env[@]}" "$DRIVER" probe "$DD" "$HANG_LIB" 1500); rc=$?
    [ $rc != 124 ] || die "the probe of a hung library did not end before its hang guard (65 s)"
    [ $rc = 0 ] || die "driver exited $rc"
    echo "$out"
    check "$out" 'j["result"]["status"] == "timed-out" and j["result"]["ok"] is False' "hung library reported"
    check "$out" '"1500 ms" in j["result"]["error"] and j["result"]["version"] is None' "error names the deadline"
    check "$out" '1500 <= j["elapsed_ms"]' "the deadline was waited for, not cut short"
    [ -z "${DD_BOUNDS_OUT:-}" ] || echo "probe.hang 1.5 $(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["elapsed_ms"] / 1000)' "$out")" >> "$DD_BOUNDS_OUT"
    if pgrep -f -- "__probe-nccl $HANG_LIB" >/dev/null; then die "a probe child survived"; fi
    ;;
  crash)
    # Under ASan the sanitizer catches the SIGSEGV: with abort_on_error=1 it ends in SIGABRT, without
    # it in exit 1. The case sets it itself, so a bare `ctest` gives the same answer as run-tests.sh.
    out=$("${base_env[@]}" "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}abort_on_error=1" \
      "$DRIVER" probe "$DD" "$CRASH_LIB" 10000) || die "driver exited $?"
    echo "$out"
    # SIGSEGV; under ASan (abort_on_error=1) the sanitizer turns it into SIGABRT.
    check "$out" 'j["result"]["status"] == "crashed" and ("SIGSEGV" in j["result"]["error"] or "SIGABRT" in j["result"]["error"])' \
      "crash reported with its signal"
    ;;
  not_a_library)
    head -c 8192 /dev/zero | tr '\0' x > "$TMP/libnccl.so.2"
    out=$("${base_env[@]}" "$DRIVER" probe "$DD" "$TMP/libnccl.so.2" 10000) || die "driver exited $?"
    echo "$out"
    check "$out" 'j["result"]["status"] == "load-failed" and "ELF" in j["result"]["error"]' "dlopen error reported"
    set +e
    "${base_env[@]}" "$DRIVER" probe /nonexistent/distdoctor "$LIB" 1000 2>"$TMP/err"
    rc=$?
    set -e
    [[ $rc -eq 3 ]] || die "a missing self_exe must be an error (got exit $rc)"
    grep -q "/nonexistent/distdoctor" "$TMP/err" || die "the error must name the program: $(cat "$TMP/err")"
    ;;
  locate)
    real=$(readlink -f "$LIB")
    out=$("${base_env[@]}" "$DRIVER" locate) || die "driver exited $?"
    echo "$out"
    check "$out" "any(c['real_path'] == '$real' for c in j)" "the real libnccl is found"
    check "$out" "len({c['real_path'] for c in j}) == len(j)" "no file listed twice"
    mkdir -p "$TMP/lib"
    ln -s "$LIB" "$TMP/lib/libnccl.so.2"
    out=$("${base_env[@]}" LD_LIBRARY_PATH="$TMP/lib" "$DRIVER" locate) || die "driver exited $?"
    echo "$out"
    check "$out" "j[0]['path'] == '$TMP/lib/libnccl.so.2' and j[0]['source'] == 'ld-library-path'" \
      "LD_LIBRARY_PATH comes first"
    check "$out" "j[0]['real_path'] == '$real' and all(c['real_path'] != '$real' for c in j[1:])" \
      "the same file via the cache is not listed again"
    ;;
  *) die "unknown case $CASE" ;;
esac
echo "PASS: system.probe.$CASE"
