#!/usr/bin/env bash
# System tests for `distdoctor env`: the real binary in a clean environment (env -i) with a few
# bad settings; checks exit codes, finding ids and fixes in --json, and that eval'ing --export
# output repairs the environment. Case "hosts" needs root: a throw-away network namespace whose
# /etc/hosts (bind-mounted by `ip netns exec` from /etc/netns/<ns>/hosts) maps the master's name
# to 127.0.1.1 / to a foreign address / to its own address. Usage: env_cases.sh DISTDOCTOR CASE
set -euo pipefail

dd=${1:?usage: env_cases.sh DISTDOCTOR CASE}
case_name=${2:?usage: env_cases.sh DISTDOCTOR CASE}
fail() { echo "FAIL [$case_name]: $*" >&2; exit 1; }

# Runs distdoctor env with exactly the given variables; sets $out and $rc.
run_env() {
  local args=()
  while [[ $# -gt 0 && $1 != -- ]]; do args+=("$1"); shift; done
  [[ ${1:-} == -- ]] && shift
  set +e
  out=$(timeout 20 env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent/dd-env-test.conf "${args[@]}" "$dd" env "$@")
  rc=$?
  set -e
}

expect_rc() { [[ $rc == "$1" ]] || fail "exit code $rc, want $1; output: $out"; }
expect_id() { jq -e --arg id "$1" '.findings | map(.id) | index($id) != null' <<<"$out" >/dev/null || fail "no finding $1 in: $(jq -c '[.findings[].id]' <<<"$out")"; }
expect_no_id() { jq -e --arg id "$1" '.findings | map(.id) | index($id) == null' <<<"$out" >/dev/null || fail "unexpected finding $1"; }
expect_jq() { jq -e "$1" <<<"$out" >/dev/null || fail "jq '$1' is false on: $out"; }

case $case_name in
  typo)
    run_env NCCL_SOCKET_IFNAMES=eth0 NCCL_NSOCKS_PER_PEER=4 -- --json
    expect_rc 1
    expect_id env.unknown-name
    expect_jq '[.findings[] | select(.id == "env.unknown-name") | .fix.env.NCCL_SOCKET_IFNAME] | index("eth0") != null'
    expect_jq '[.findings[] | select(.id == "env.unknown-name") | .fix.env.NCCL_SOCKET_NTHREADS] | index("1") != null'
    expect_jq '.findings[0].evidence | length > 0'
    expect_jq '.variables | map(select(.name == "NCCL_SOCKET_IFNAMES" and .known == false and .family == "nccl" and .source == "environment")) | length == 1'
    ;;
  values)
    run_env NCCL_ALGO=rings NCCL_IB_TIMEOUT=abc NCCL_BUFFSIZE=010 NCCL_SOCKET_FAMILY=ipv6 TORCH_DISTRIBUTED_DEBUG=verbose MASTER_PORT=70000 -- --json
    expect_rc 1
    for id in env.nccl.algo-invalid env.int.not-a-number env.int.octal env.nccl.socket-family-invalid \
              env.torch.distributed-debug-invalid env.master-port.invalid; do expect_id "$id"; done
    ;;
  clean)
    # lo is right for a one-node job only (env judges interfaces as check does)
    run_env NCCL_SOCKET_IFNAME=lo NCCL_DEBUG=WARN TORCH_NCCL_ASYNC_ERROR_HANDLING=3 NNODES=1 -- --json
    expect_rc 0
    expect_jq '.findings | length == 0'
    expect_jq '.variables | map(.name) == ["NCCL_CONF_FILE", "NCCL_DEBUG", "NCCL_SOCKET_IFNAME", "NNODES", "TORCH_NCCL_ASYNC_ERROR_HANDLING"]'
    ;;
  warnings_only)
    run_env NCCL_DEBUG=TRACE NCCL_P2P_DISABLE=1 -- --json
    expect_rc 0
    expect_id env.perf.debug-trace
    expect_id env.perf.p2p-disabled
    ;;
  tf_config)
    run_env 'TF_CONFIG={"cluster": {"worker": ["localhost:2222", "node1:2222"]}, "task": {"type": "worker", "index": 2}}' -- --json
    expect_rc 1
    expect_id tf-config.localhost-in-multihost
    expect_id tf-config.task-index-out-of-range
    run_env "TF_CONFIG={'cluster': {}}" -- --json
    expect_rc 1
    expect_id tf-config.invalid-json
    expect_jq '.findings[0].label == "tf-config"'
    ;;
  windows)
    run_env NCCL_DEBUG=WARN -- --json --platform windows
    expect_rc 1
    expect_id env.windows.no-nccl
    expect_jq '.findings[] | select(.id == "env.windows.no-nccl") | .label == "windows-no-nccl"'
    run_env NCCL_DEBUG=WARN -- --json
    expect_rc 0
    expect_no_id env.windows.no-nccl
    # The NCCL finding lists the NCCL settings only and says to unset them; --export prints those
    # unset lines, and applied by bash they leave no NCCL setting and no error (the warning for a
    # distributed job on Windows stays: its fix is a line of the script).
    win=(MASTER_ADDR=10.0.0.5 NCCL_ALGO=Ring NCCL_DEBUG=WARN)
    run_env "${win[@]}" -- --json --platform windows
    expect_rc 1
    expect_jq '[.findings[] | select(.id == "env.windows.no-nccl") | .evidence[] | select(startswith("NCCL_") | not)] | length == 0'
    expect_jq '.findings[] | select(.id == "env.windows.no-nccl") | .fix.text | test("unset NCCL_ALGO [A-Z_ ]*NCCL_DEBUG: ")'
    run_env "${win[@]}" -- --platform windows --export
    grep -qx 'unset NCCL_ALGO' <<<"$out" || fail "no unset NCCL_ALGO line: $out"
    grep -qx 'unset NCCL_DEBUG' <<<"$out" || fail "no unset NCCL_DEBUG line: $out"
    set +e
    again=$(env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent/dd-env-test.conf "${win[@]}" \
            bash -c 'eval "$1"; env | grep -E "^NCCL_(ALGO|DEBUG)=" && exit 3; timeout 20 "$2" env --json --platform windows' _ "$out" "$dd")
    rc=$?
    set -e
    out=$again
    expect_rc 0
    expect_jq '[.findings[] | select(.severity == "error")] | length == 0'
    expect_jq '.findings[] | select(.id == "env.windows.no-nccl") | .severity == "warning"'
    ;;
  export)
    vars=(NNODES=1 NCCL_SOCKET_IFNAMES=lo NCCL_ALGO=rings NCCL_ASYNC_ERROR_HANDLING=1 NCCL_MAX_NRINGS=2 'NCCL_DEBUG_SUBSYS=INIT,NETWORK')
    run_env "${vars[@]}" -- --export
    expect_rc 1
    grep -qx 'unset NCCL_SOCKET_IFNAMES' <<<"$out" || fail "no unset line: $out"
    grep -qx 'export NCCL_SOCKET_IFNAME=lo' <<<"$out" || fail "no export line: $out"
    grep -q '^# env.unknown-name: ' <<<"$out" || fail "no comment line: $out"
    [[ $(grep -c '^export NCCL_ALGO=' <<<"$out") == 1 ]] || fail "NCCL_ALGO exported other than once: $out"
    # Apply the lines in a shell and audit again: nothing left.
    set +e
    again=$(env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent/dd-env-test.conf "${vars[@]}" \
            bash -c 'eval "$1"; timeout 20 "$2" env --json' _ "$out" "$dd")
    rc=$?
    set -e
    out=$again
    expect_rc 0
    expect_jq '.findings | length == 0'
    ;;
  usage)
    run_env -- --platform solaris
    expect_rc 2
    ;;
  comm_id)
    # fix-2026-12-07t p23: NCCL_COMM_ID on loopback in a 2-node job is env's finding too (check had it,
    # env said OK); a one-node job may use loopback
    run_env NNODES=2 NCCL_COMM_ID=127.0.0.1:29402 -- --json
    expect_rc 1
    expect_id nccl.comm-id.loopback
    run_env NNODES=1 NCCL_COMM_ID=127.0.0.1:29402 -- --json
    expect_no_id nccl.comm-id.loopback
    ;;
  export_lists)
    # The printed lines for a blank-separated NCCL_SOCKET_IFNAME and an NCCL_IB_HCA naming a network
    # interface (fix-2026-12-07s p03), applied by bash in a namespace holding the two interfaces: env
    # audits again and neither finding is left; the values are what NCCL reads (a comma list; unset).
    [[ $(id -u) == 0 ]] || fail "needs root for network namespaces (run the system tests as root)"
    ns="ddE-lists-$$"
    trap 'ip netns del "$ns" 2>/dev/null || true' EXIT INT TERM
    ip netns add "$ns" || fail "cannot create network namespace $ns"
    ip -n "$ns" link set lo up
    for i in 0 1; do
      ip -n "$ns" link add "ens1f$i" type veth peer name "ddl$i" || fail "cannot create a veth pair in $ns"
      ip -n "$ns" addr add "198.18.7$((8 + i)).1/24" dev "ens1f$i"
      ip -n "$ns" link set "ddl$i" up
      ip -n "$ns" link set "ens1f$i" up
    done
    vars=(NNODES=2 'NCCL_SOCKET_IFNAME=ens1f0 ens1f1' NCCL_IB_HCA=ib0)
    set +e
    out=$(timeout 20 ip netns exec "$ns" env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent/dd-env-test.conf \
          "${vars[@]}" "$dd" env --export)
    rc=$?
    set -e
    expect_rc 1
    grep -qx 'export NCCL_SOCKET_IFNAME=ens1f0,ens1f1' <<<"$out" || fail "no comma list: $out"
    grep -qx 'unset NCCL_IB_HCA' <<<"$out" || fail "no unset NCCL_IB_HCA: $out"
    set +e
    again=$(timeout 30 ip netns exec "$ns" env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent/dd-env-test.conf \
            "${vars[@]}" bash -c 'eval "$1"; printf "%s|%s\n" "$NCCL_SOCKET_IFNAME" "${NCCL_IB_HCA-unset}" >&2;
            timeout 20 "$2" env --json' _ "$out" "$dd" 2>"${TMPDIR:-/tmp}/ddE-lists-$$.vals")
    rc=$?
    set -e
    vals=$(cat "${TMPDIR:-/tmp}/ddE-lists-$$.vals"); rm -f "${TMPDIR:-/tmp}/ddE-lists-$$.vals"
    [[ $vals == 'ens1f0,ens1f1|unset' ]] || fail "the shell holds '$vals' after the printed lines"
    out=$again
    for id in $(jq -r '.findings[].id' <<<"$out"); do
      case $id in env.nccl.ib-hca-netdev | nccl.ifname.* | env.ifname.*) fail "still reported after the fix: $id: $out" ;; esac
    done
    ;;
  hosts)
    [[ $(id -u) == 0 ]] || fail "needs root for network namespaces (run the system tests as root)"
    ns="ddE-hosts-$$"
    name="ddmaster-$$"
    cleanup() {
      ip netns del "$ns" 2>/dev/null || true
      rm -rf "/etc/netns/$ns"
    }
    trap cleanup EXIT INT TERM
    ip netns add "$ns" || fail "cannot create network namespace $ns"
    ip -n "$ns" link set lo up
    # A veth pair inside the namespace stands for the node's NIC (the dummy module may be absent).
    ip -n "$ns" link add dd0 type veth peer name dd1 || fail "cannot create a veth pair in $ns"
    ip -n "$ns" addr add 198.18.77.1/24 dev dd0
    ip -n "$ns" link set dd1 up
    ip -n "$ns" link set dd0 up
    mkdir -p "/etc/netns/$ns"
    in_ns() {
      set +e
      out=$(timeout 20 ip netns exec "$ns" env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent/dd-env-test.conf \
            MASTER_PORT=29500 "$@" "$dd" env --json)
      rc=$?
      set -e
    }
    # 1. The Debian/Ubuntu trap: the master's name maps to 127.0.1.1, two nodes.
    printf '127.0.0.1 localhost\n127.0.1.1 %s\n' "$name" >"/etc/netns/$ns/hosts"
    in_ns MASTER_ADDR="$name" NNODES=2 RANK=1
    expect_rc 1
    expect_id env.master-addr.loopback
    expect_jq '.findings[] | select(.id == "env.master-addr.loopback") | .label == "hostname-resolution" and .severity == "error"'
    expect_jq ".findings[] | select(.id == \"env.master-addr.loopback\") | .evidence | index(\"MASTER_ADDR=$name resolves to 127.0.1.1 (getaddrinfo order)\") != null"
    # On the master the fix names its only routable address.
    in_ns MASTER_ADDR="$name" NNODES=2 RANK=0
    expect_jq '.findings[] | select(.id == "env.master-addr.loopback") | .fix.env.MASTER_ADDR == "198.18.77.1"'
    # 2. On the master, the name maps to an address this namespace does not have.
    printf '127.0.0.1 localhost\n198.18.77.99 %s\n' "$name" >"/etc/netns/$ns/hosts"
    in_ns MASTER_ADDR="$name" NNODES=2 RANK=0
    expect_rc 1
    expect_id env.master-addr.not-local
    # 3. Fixed /etc/hosts: the name maps to the master's own address.
    printf '127.0.0.1 localhost\n198.18.77.1 %s\n' "$name" >"/etc/netns/$ns/hosts"
    in_ns MASTER_ADDR="$name" NNODES=2 RANK=0
    expect_rc 0
    expect_jq '.findings | length == 0'
    # TF_CONFIG: this node's own entry (task.index) must be this host.
    tf_cluster="{\"cluster\": {\"worker\": [\"$name:2222\", \"198.18.77.2:2222\"]}, \"task\": {\"type\": \"worker\", \"index\":"
    in_ns "TF_CONFIG=$tf_cluster 0}}"
    expect_rc 0
    expect_jq '.findings | length == 0'
    in_ns "TF_CONFIG=$tf_cluster 1}}"
    expect_id tf-config.own-address-not-local
    # 4. A name nobody knows.
    in_ns MASTER_ADDR="nobody-$$.invalid" NNODES=2 RANK=1
    expect_rc 1
    expect_id env.master-addr.unresolvable
    ;;
  v6brackets)
    # MASTER_ADDR=[v6] (the brackets of --rdzv_endpoint=[v6]:PORT copied into MASTER_ADDR): a real
    # two-rank Gloo job in a namespace whose only routable address is fd00:18::1 fails; the line
    # `env --export` prints, eval'ed in the same environment, makes the same job finish.
    [[ $(id -u) == 0 ]] || fail "needs root for network namespaces (run the system tests as root)"
    ns="ddE-v6b-$$"
    work=$(mktemp -d /tmp/dd-env-v6b.XXXXXX)
    cleanup() {
      ip netns pids "$ns" 2>/dev/null | xargs -r kill -9 2>/dev/null || true
      ip netns del "$ns" 2>/dev/null || true
      rm -rf "$work"
    }
    trap cleanup EXIT INT TERM
    ip netns add "$ns" || fail "cannot create network namespace $ns"
    ip -n "$ns" link set lo up
    ip -n "$ns" link add dd0 type veth peer name dd1 || fail "cannot create a veth pair in $ns"
    ip -n "$ns" addr add fd00:18::1/64 dev dd0 nodad
    ip -n "$ns" link set dd1 up
    ip -n "$ns" link set dd0 up
    cat >"$work/job.py" <<'PY'
import datetime, torch, torch.distributed as dist
dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=20))
t = torch.ones(4) * (dist.get_rank() + 1)
dist.all_reduce(t)
print("rank %d done sum=%g" % (dist.get_rank(), t[0].item()), flush=True)
PY
    # job PREFIX: both ranks under `bash -c 'PREFIX; python job.py'` with MASTER_ADDR=[fd00:18::1];
    # sets $done to how many ranks printed "done".
    job() {
      local pids=()
      for r in 0 1; do
        timeout 60 ip netns exec "$ns" env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent/dd-env-test.conf \
          MASTER_ADDR='[fd00:18::1]' MASTER_PORT=29500 WORLD_SIZE=2 RANK=$r GLOO_SOCKET_IFNAME=dd0 \
          bash -c "$1"'; exec /usr/bin/python3 "$0"' "$work/job.py" >"$work/rank$r.log" 2>&1 &
        pids+=($!)
      done
      wait "${pids[@]}" || true
      done=$(cat "$work"/rank*.log | grep -c '^rank [01] done sum=3$' || true)
    }
    job true
    [[ $done == 0 ]] || fail "the job finished with MASTER_ADDR=[fd00:18::1]: $(cat "$work"/rank*.log)"
    set +e
    out=$(timeout 20 ip netns exec "$ns" env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent/dd-env-test.conf \
          MASTER_ADDR='[fd00:18::1]' MASTER_PORT=29500 WORLD_SIZE=2 RANK=0 "$dd" env --export)
    rc=$?
    set -e
    expect_rc 1
    grep -qx 'export MASTER_ADDR=fd00:18::1' <<<"$out" || fail "no MASTER_ADDR line in: $out"
    printf '%s\n' "$out" >"$work/fix.sh"
    job 'eval "$(cat '"$work/fix.sh"')"'
    [[ $done == 2 ]] || fail "after eval of env --export the job did not finish: $(cat "$work"/rank*.log)"
    ;;
  *)
    fail "unknown case"
    ;;
esac
echo "PASS [$case_name]"
