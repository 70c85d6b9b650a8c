# Namespace "nodes" for the preflight system tests. Every object is named with the prefix
# ddp<pid> (namespaces; a script that sets NS_PREFIX before sourcing this gets NS_PREFIX<pid>) and
# lives inside this test's own namespaces (the bridge ddpbr<pid> sits in a private "switch"
# namespace), so nothing touches the host's interfaces; addresses only from 198.18.0.0/15.
# Everything is removed by the EXIT trap, also on failure.
set -u
NS_PREFIX=${NS_PREFIX:-ddp}
P="$NS_PREFIX$$"
SW="${P}sw"
BR="ddpbr$$"
WORK="$(mktemp -d /tmp/ddp-test.XXXXXX)"
NODES=()

die() { echo "FAIL: $*" >&2; exit 1; }
note() { echo "--- $*" >&2; }

cleanup() {
  for ns in "${NODES[@]}" "$SW"; do
    ip netns pids "$ns" 2>/dev/null | xargs -r kill -9 2>/dev/null
    ip netns del "$ns" 2>/dev/null
    rm -rf "/etc/netns/$ns"
  done
  if [ "${KEEP:-0}" = 1 ]; then echo "kept $WORK" >&2; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM

[ "$(id -u)" = 0 ] || die "needs root (network namespaces)"
command -v unshare >/dev/null || die "needs unshare"
. "$(dirname "${BASH_SOURCE[0]}")/../orphan_netns.sh"
remove_orphan_netns "$NS_PREFIX"
ip netns add "$SW" || die "cannot create network namespaces"
ip -n "$SW" link add "$BR" type bridge || die "cannot create a bridge"
ip -n "$SW" link set "$BR" up

# node I: namespace ${P}nI with lo up and an /etc/netns hosts file
node() {
  local ns="${P}n$1"
  ip netns add "$ns"
  ip -n "$ns" link set lo up
  mkdir -p "/etc/netns/$ns"
  printf '127.0.0.1 localhost\n::1 localhost\n' > "/etc/netns/$ns/hosts"
  NODES+=("$ns")
}
ns_of() { echo "${P}n$1"; }

# link I IFNAME ADDR/PREFIX [BRIDGE]: a veth from node I's namespace (named IFNAME) to BRIDGE in
# the switch namespace (default: the cluster bridge). A bridge name other than $BR is created.
link() {
  local i=$1 ifname=$2 addr=$3 br=${4:-$BR} ns="${P}n$1"
  local peer="v${i}${ifname:0:8}"
  if ! ip -n "$SW" link show "$br" >/dev/null 2>&1; then
    ip -n "$SW" link add "$br" type bridge && ip -n "$SW" link set "$br" up
  fi
  ip -n "$SW" link add "$peer" type veth peer name "$ifname" netns "$ns" || die "veth $peer/$ifname"
  ip -n "$SW" link set "$peer" master "$br" up
  ip -n "$ns" addr add "$addr" dev "$ifname"
  ip -n "$ns" link set "$ifname" up
}
# slow_link I IFNAME ADDR/PREFIX DELAY_MS LOSS_PCT: like `link`, but node I's frames cross a
# userspace wire (slow_wire.py, in its own namespace ${P}wI) that delays them by DELAY_MS and
# drops LOSS_PCT% -- what `tc netem` on node I's IFNAME would do, for kernels without sch_netem.
# Offloads are turned off on the node's side (the wire forwards MTU-sized, checksummed frames);
# every other node on the bridge needs `no_offload` too. The wire's PID is in WIRE_PID.
slow_link() {
  local i=$1 ifname=$2 addr=$3 delay=$4 loss=$5 ns="${P}n$1" wns="${P}w$1"
  ip netns add "$wns" || die "netns $wns"
  NODES+=("$wns")
  ip -n "$wns" link add wa type veth peer name "$ifname" netns "$ns" || die "veth wa/$ifname"
  ip -n "$SW" link add "v${i}wire" type veth peer name wb netns "$wns" || die "veth v${i}wire/wb"
  ip -n "$SW" link set "v${i}wire" master "$BR" up
  for dev in wa wb; do
    ip netns exec "$wns" ethtool -K "$dev" tx off tso off gso off gro off >/dev/null 2>&1 || die "ethtool -K $dev"
    ip -n "$wns" link set "$dev" up
  done
  no_offload "$i" "$ifname"
  ip -n "$ns" addr add "$addr" dev "$ifname"
  ip -n "$ns" link set "$ifname" up
  wait_oper_up "$i" "$ifname"
  ip netns exec "$wns" /usr/bin/python3 "$HERE/slow_wire.py" wa wb "$delay" "$loss" 170 > "$WORK/wire$i.log" 2>&1 &
  WIRE_PID=$!
  disown "$WIRE_PID"  # killed with its namespace at cleanup, without a job-control message
  for _ in $(seq 50); do grep -q ready "$WORK/wire$i.log" && return 0; sleep 0.1; done
  die "slow_wire.py did not start: $(cat "$WORK/wire$i.log")"
}
# wait_oper_up I IFNAME: the kernel reports carrier changes up to a second late (linkwatch)
wait_oper_up() {
  for _ in $(seq 50); do
    [ "$(ip netns exec "${P}n$1" cat "/sys/class/net/$2/operstate")" = up ] && return 0
    sleep 0.1
  done
  die "node $1: $2 is not up after 5 s"
}
# no_offload I IFNAME: MTU-sized frames with full checksums leave node I's IFNAME
no_offload() {
  ip netns exec "${P}n$1" ethtool -K "$2" tx off tso off gso off gro off >/dev/null 2>&1 || die "ethtool -K $2 in node $1"
}

# node_firewall I RULE...: an input chain in node I (a table of this test's own), one rule per argument
node_firewall() {
  local i=$1; shift
  { printf 'table inet ddp%s {\n  chain in {\n    type filter hook input priority 0;\n' "$$"
    printf '    %s\n' "$@"
    printf '  }\n}\n'; } | ip netns exec "${P}n$i" nft -f - || die "nft in node $i"
}
# drop_port I PORT: node I's firewall silently drops inbound TCP to PORT
drop_port() { node_firewall "$1" "tcp dport $2 drop"; }

# switch-side port of node I's IFNAME
port_of() { echo "v${1}${2:0:8}"; }

hosts_line() { echo "$2 $3" >> "/etc/netns/${P}n$1/hosts"; }

# static_neighbours BASE N IFNAME ADDR_FN: permanent neighbour entries for nodes BASE..BASE+N-1
# on IFNAME, each node knowing every other's MAC (ADDR_FN I prints node I's address). The kernel's
# neighbour table is one for all namespaces and capped (gc_thresh3, 1,024 here): with 32+ nodes
# ARP entries overflow it and ARP failures read as unreachable peers.
static_neighbours() {
  local base=$1 n=$2 ifname=$3 fn=$4 k m macs=() addrs=()
  for ((k = 0; k < n; k++)); do
    macs+=("$(ip netns exec "${P}n$((base + k))" cat "/sys/class/net/$ifname/address")")
    addrs+=("$($fn $((base + k)))")
  done
  for ((k = 0; k < n; k++)); do
    for ((m = 0; m < n; m++)); do
      ((m == k)) || echo "neigh replace ${addrs[m]} lladdr ${macs[m]} dev $ifname nud permanent"
    done | ip -n "${P}n$((base + k))" -batch - || die "static neighbours failed on node $((base + k))"
  done
}

# run_pf I OUTFILE [VAR=VALUE...] -- [preflight flags]: distdoctor preflight in node I, hostname
# nodeI (own UTS namespace), in the background; PID in PF_PID. The run is killed after PF_GUARD
# seconds (default: hang_guard of its --timeout, preflight's 60 s when none is given), so every
# `wait $PF_PID` has a deadline, and gives 124 then (see hang_guard and expect_ended).
run_pf() {
  local i=$1 out=$2; shift 2
  local envs=() guard=() t=60 prev= a
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do envs+=("$1"); shift; done
  [ "${1:-}" = "--" ] && shift
  for a in "$@"; do [ "$prev" = --timeout ] && t=$a; prev=$a; done
  guard=(timeout -k 5 "${PF_GUARD:-$(hang_guard "$t")}")
  node_exec "$i" env "${envs[@]}" "${guard[@]}" "$DD" preflight --json "$@" > "$out" 2> "$out.err" &
  PF_PID=$!
}

# Hang guards, not speed limits. A run with its own deadline of T seconds is killed after
# hang_guard T = 3T + 60 s (start-up under ASan on a loaded 2-core host included); being killed
# there is a hang. No system test asserts how close to its deadline a run ends: a loaded host can
# miss any such bound. bench/bounds_bench.sh measures that (and records it, DD_BOUNDS_OUT).
hang_guard() { echo $((3 * $1 + 60)); }
# expect_ended RC WHAT: RC is not the guard's 124
expect_ended() { [ "$1" != 124 ] || die "$2 did not end before its hang guard: a wait without a deadline"; }
# record_bound CASE DEADLINE_S TOOK_S: one line for bench/bounds_bench.sh when DD_BOUNDS_OUT is set
record_bound() { [ -z "${DD_BOUNDS_OUT:-}" ] || echo "$1 $2 $3" >> "$DD_BOUNDS_OUT"; }

# node_exec I CMD...: CMD in node I's namespace with hostname nodeI. Where etc_overlay gave node I
# a folder, /etc there is an overlay (a mount namespace of its own) whose upper layer is that folder:
# the node's own /etc files, changed in place even by `sed -i` (a file `ip netns exec` bind-mounts
# from /etc/netns cannot be renamed over), the host's /etc untouched.
node_exec() {
  local i=$1 up="ETC_OVERLAY_$1"; shift
  if [ -n "${!up:-}" ]; then
    unshare --mount --propagation private bash -c \
      'mount -t overlay dd-etc -o "lowerdir=/etc,upperdir=$1/upper,workdir=$1/work" /etc || exit 97; shift; exec "$@"' \
      _ "${!up}" ip netns exec "${P}n$i" unshare --uts bash -c 'hostname "$1"; shift; exec "$@"' _ "node$i" "$@"
  else
    ip netns exec "${P}n$i" unshare --uts bash -c 'hostname "$1"; shift; exec "$@"' _ "node$i" "$@"
  fi
}
# etc_overlay I: node I's /etc becomes an overlay (node_exec) with its upper layer in $WORK/etcI;
# write the node's own files under $WORK/etcI/upper
etc_overlay() {
  mkdir -p "$WORK/etc$1/upper" "$WORK/etc$1/work" || die "etc overlay folders"
  eval "ETC_OVERLAY_$1=\$WORK/etc$1"
}

# in_node I CMD...: run a command in node I with hostname nodeI.
in_node() { node_exec "$@"; }

jq_() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2], {"d": d}))' "$@"; }

# env lines (VAR=VALUE) that rank 0's recommendation gives host H
fix_env_for() {
  python3 - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); h = sys.argv[2]
rec = d.get("recommendation", {})
env = dict(rec.get("env", {})); env.update(rec.get("per_host", {}).get(h, {}))
print(" ".join("%s=%s" % kv for kv in env.items()))
PY
}

expect_finding() {  # FILE ID
  python3 - "$1" "$2" <<'PY' || die "rank 0 has no finding $2: $(python3 -c 'import json,sys; print([f["id"] for f in json.load(open(sys.argv[1]))["findings"]])' "$1")"
import json, sys
d = json.load(open(sys.argv[1]))
sys.exit(0 if any(f["id"] == sys.argv[2] for f in d["findings"]) else 1)
PY
}

expect_verdict() {  # FILE VERDICT
  local v; v=$(jq_ "$1" 'd["verdict"]')
  [ "$v" = "$2" ] || die "verdict '$v', expected '$2' ($(jq_ "$1" 'd.get("reason")'))"
}

# gloo_job N WORK [per-node env via GLOO_ENV_<i>]: a real torch.distributed Gloo all-reduce over
# env:// across nodes 0..N-1 (MASTER_ADDR from $MASTER, port $JOB_PORT; node I is rank RANK_OF_<i>,
# I when unset, with WORLD_SIZE=WORLD_OF_<i>, N when unset); 0 when every rank succeeded before the deadline.
gloo_job() {
  local n=$1 tmo=${2:-40} pids=() rc=0
  for ((i = 0; i < n; i++)); do
    local extra="GLOO_ENV_$i" rank="RANK_OF_$i" world="WORLD_OF_$i"
    in_node "$i" env MASTER_ADDR="$MASTER" MASTER_PORT="$JOB_PORT" ${!extra:-} RANK="${!rank:-$i}" WORLD_SIZE="${!world:-$n}" \
      timeout "$tmo" /usr/bin/python3 "$HERE/gloo_job.py" > "$WORK/gloo$i.out" 2>&1 &
    pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p" || rc=1; done
  return $rc
}

# nccl_choice I [VAR=VALUE...]: the real libnccl's bootstrap address in node I (dd_nccl_oracle)
nccl_choice() {
  local i=$1; shift
  in_node "$i" env "$@" "$ORACLE" | python3 -c 'import json,sys; d=json.load(sys.stdin); b=d.get("bootstrap"); print(b["iface"]+" "+b["addr"] if b else "none")'
}
