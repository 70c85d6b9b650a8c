#!/usr/bin/env bash
# tests/system/netns/selftest.sh — the namespace harness (lib.sh) cleans up after itself and
# refuses to run without root. Exits 1 on the first broken promise.
#   1. a script that fails after building a host leaves no namespace and no /etc/netns entry;
#   2. a script killed with SIGTERM while holding a host leaves nothing either;
#   3. links reach the asked state (carrier / no carrier / admin-down / bridge kinds);
#   4. as a non-root user nn_init fails loudly (exit 1, "FATAL" on stderr).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
fail() { echo "selftest: FAIL: $*" >&2; exit 1; }
leftovers() { # pid: namespaces or /etc/netns dirs named after that pid
  { ip netns list | awk '{print $1}' | grep -E "^ddn$1-"; ls /etc/netns 2>/dev/null | grep -E "^ddn$1-"; } || true
}
[[ "$(id -u)" == 0 ]] || fail "must run as root"

# 1. failure after building
out="$(bash -c '
  source "$1/lib.sh"; source "$1/scenarios.sh"
  nn_init self; nn_host a; scn_bond; nn_hosts_file "198.18.6.2 nodea"; nn_settle
  echo "pid=$$ ns=$(ip netns list | grep -c "^ddn$$-")"
  false || exit 7' _ "$here")"
rc=$?
((rc == 7)) || fail "scripted failure exited $rc, wanted 7"
pid="${out#pid=}"; pid="${pid%% *}"
[[ "$out" == *"ns=2"* ]] || fail "expected 2 namespaces while running, got: $out"
[[ -z "$(leftovers "$pid")" ]] || fail "left behind after failure: $(leftovers "$pid")"
echo "selftest: cleanup after failure: ok"

# 2. SIGTERM while running
tmp="$(mktemp)"
fifo="$(mktemp -u)"
mkfifo "$fifo" || fail "mkfifo failed"
# The child waits with the read builtin on a fifo (no grandchild left behind by the kill).
bash -c '
  source "$1/lib.sh"; source "$1/scenarios.sh"
  nn_init self; nn_host b; scn_eth; nn_settle
  echo "$$" >"$2"
  read -r -t 30 <>"$3"' _ "$here" "$tmp" "$fifo" &
child=$!
deadline=$((SECONDS + 10))
while [[ ! -s "$tmp" ]] && ((SECONDS < deadline)); do sleep 0.05; done
pid="$(cat "$tmp")"; rm -f "$tmp" "$fifo"
[[ -n "$pid" ]] || { kill "$child"; wait "$child"; fail "child did not start within 10 s"; }
[[ -n "$(leftovers "$pid")" ]] || fail "child $pid holds no namespace"
kill -TERM "$child"
wait "$child"; rc=$?
((rc == 143)) || fail "SIGTERM'd child exited $rc, wanted 143"
[[ -z "$(leftovers "$pid")" ]] || fail "left behind after SIGTERM: $(leftovers "$pid")"
echo "selftest: cleanup after SIGTERM: ok"

# 3. link states as getifaddrs sees them (operstate + admin flag)
out="$(bash -c '
  source "$1/lib.sh"
  nn_init self; nn_host c; nn_lo up
  nn_veth a0; nn_veth a1 nocarrier; nn_veth a2 down
  nn_bridge b0 fresh; nn_bridge b1 deadport; nn_bridge b2 liveport
  nn_settle
  nn__running_links | grep -v "^nnv" | sort | tr "\n" " "' _ "$here")" || fail "link-state script failed"
[[ "$out" == "a0 b0 b2 lo " ]] || fail "running links are '$out', wanted 'a0 b0 b2 lo '"
echo "selftest: link states: ok"

# 4. not root
err="$(setpriv --reuid=65534 --regid=65534 --clear-groups bash -c 'source "$1/lib.sh"; nn_init self; echo reached' _ "$here" 2>&1)"
rc=$?
((rc == 1)) && [[ "$err" == *FATAL*root* && "$err" != *reached* ]] || fail "non-root run: rc=$rc output: $err"
echo "selftest: refuses non-root: ok"
