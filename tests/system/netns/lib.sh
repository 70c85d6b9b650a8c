# tests/system/netns/lib.sh — build throw-away hosts out of Linux network namespaces.
#
# Source it from a bash script, then:
#   nn_init TAG              once per script: checks root, installs the cleanup trap
#   nn_host NAME             new host namespace "ddn<pid>-<TAG>-NAME" (+ a peer namespace holding
#                            the far ends of its veth links); sets NN_NS; lo stays DOWN until nn_lo up
#   nn_lo up|down
#   nn_veth IF [carrier|nocarrier|down]
#                            veth link renamed to IF (peer in the peer namespace; carrier: peer up,
#                            nocarrier: peer down, down: IF itself admin-down); addrgenmode none
#   nn_bridge IF fresh|deadport|liveport
#                            bridge IF (like docker0) with no port / one port without carrier / one
#                            live port; ports are veths without addresses
#   nn_addr IF CIDR [ip-addr-args...]   IPv4 or IPv6 address (IPv6 added nodad)
#   nn_settle                wait (deadline 5 s) until every link's RUNNING state is what was asked
#   nn_run [VAR=value...] -- CMD...
#                            run CMD in NN_NS under `env -i PATH=...` plus exactly those variables,
#                            with a 20 s deadline
#   nn_run_as HOSTNAME [VAR=value...] -- CMD...
#                            the same, in a private UTS namespace whose hostname is HOSTNAME
#   nn_hosts_file LINE...    /etc/netns/<ns>/hosts for NN_NS (seen by `ip netns exec`)
#   nn_host_done             delete NN_NS and its peer now (also done by the trap)
# Names: namespaces "ddn<pid>-<tag>-<name>" cannot collide with other runs; addresses must be in
# 198.18.0.0/15 or fd00:18::/32 (or fe80:: link-local inside the namespace). Everything created is
# removed on EXIT, INT and TERM, also after a failure. Not root or `ip netns add` failing is fatal.

NN_PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
NN_TAG=""
NN_NS=""
NN_PEER=""
NN_CREATED=()      # namespaces to delete
NN_ETC_DIRS=()     # /etc/netns/<ns> directories to delete
NN_PORT_SEQ=0      # temporary link names nnv<k>/nnp<k>
NN_K=0
declare -A NN_WANT=()   # link name -> running|stopped (what nn_settle waits for)

nn_die() {
  echo "netns: FATAL: $*" >&2
  exit 1
}

nn_cleanup() {
  local ns d
  for ns in "${NN_CREATED[@]}"; do
    ip netns pids "$ns" 2>/dev/null | xargs -r kill -KILL 2>/dev/null
    ip netns del "$ns" 2>/dev/null
  done
  for d in "${NN_ETC_DIRS[@]}"; do rm -rf -- "$d"; done
  NN_CREATED=()
  NN_ETC_DIRS=()
}

nn_init() {
  NN_TAG="$1"
  [[ "$(id -u)" == 0 ]] || nn_die "must run as root (network namespaces); uid is $(id -u)"
  command -v ip >/dev/null || nn_die "iproute2 'ip' not found"
  command -v jq >/dev/null || nn_die "jq not found"
  trap 'nn_cleanup' EXIT
  trap 'nn_cleanup; exit 130' INT
  trap 'nn_cleanup; exit 143' TERM
  . "$(dirname "${BASH_SOURCE[0]}")/../orphan_netns.sh"
  remove_orphan_netns ddn
}

nn_host() {
  [[ -n "$NN_TAG" ]] || nn_die "nn_host before nn_init"
  NN_NS="ddn$$-${NN_TAG}-$1"
  NN_PEER="${NN_NS}p"
  NN_WANT=()
  ip netns add "$NN_NS" || nn_die "ip netns add $NN_NS failed"
  NN_CREATED+=("$NN_NS")
  ip netns add "$NN_PEER" || nn_die "ip netns add $NN_PEER failed"
  NN_CREATED+=("$NN_PEER")
  ip -n "$NN_PEER" link set lo up || nn_die "$NN_PEER: lo up failed"
}

nn_host_done() {
  local keep=() ns
  for ns in "${NN_CREATED[@]}"; do
    if [[ "$ns" == "$NN_NS" || "$ns" == "$NN_PEER" ]]; then
      ip netns pids "$ns" 2>/dev/null | xargs -r kill -KILL 2>/dev/null
      ip netns del "$ns" 2>/dev/null || echo "netns: warning: could not delete $ns" >&2
    else
      keep+=("$ns")
    fi
  done
  NN_CREATED=("${keep[@]}")
  if [[ -d "/etc/netns/$NN_NS" ]]; then rm -rf -- "/etc/netns/$NN_NS"; fi
  NN_NS=""
  NN_PEER=""
}

nn_lo() {
  ip -n "$NN_NS" link set lo "$1" || nn_die "$NN_NS: lo $1 failed"
  if [[ "$1" == up ]]; then NN_WANT[lo]=running; else NN_WANT[lo]=stopped; fi
}

# nn__pair: a veth pair nnv<k> (in NN_NS, addrgenmode none) / nnp<k> (in NN_PEER); sets NN_K=k.
nn__pair() {
  NN_PORT_SEQ=$((NN_PORT_SEQ + 1))
  NN_K=$NN_PORT_SEQ
  local k=$NN_PORT_SEQ
  ip -n "$NN_NS" link add "nnv$k" type veth peer name "nnp$k" netns "$NN_PEER" ||
    nn_die "$NN_NS: veth nnv$k creation failed"
  ip -n "$NN_NS" link set "nnv$k" addrgenmode none || nn_die "$NN_NS: addrgenmode none failed"
  ip -n "$NN_PEER" link set "nnp$k" addrgenmode none || nn_die "$NN_PEER: addrgenmode none failed"
}

nn_veth() {
  local name="$1" state="${2:-carrier}" k
  nn__pair
  k=$NN_K
  ip -n "$NN_NS" link set "nnv$k" name "$name" || nn_die "$NN_NS: rename nnv$k -> $name failed"
  case "$state" in
    carrier)
      ip -n "$NN_PEER" link set "nnp$k" up || nn_die "$NN_PEER: nnp$k up failed"
      ip -n "$NN_NS" link set "$name" up || nn_die "$NN_NS: $name up failed"
      NN_WANT[$name]=running ;;
    nocarrier)
      ip -n "$NN_NS" link set "$name" up || nn_die "$NN_NS: $name up failed"
      NN_WANT[$name]=stopped ;;
    down)
      ip -n "$NN_PEER" link set "nnp$k" up || nn_die "$NN_PEER: nnp$k up failed"
      NN_WANT[$name]=stopped ;;
    *) nn_die "nn_veth $name: unknown state '$state' (carrier|nocarrier|down)" ;;
  esac
}

nn_bridge() {
  local name="$1" kind="$2" k
  ip -n "$NN_NS" link add "$name" type bridge forward_delay 0 stp_state 0 ||
    nn_die "$NN_NS: bridge $name creation failed"
  ip -n "$NN_NS" link set "$name" addrgenmode none || nn_die "$NN_NS: addrgenmode none failed"
  case "$kind" in
    fresh) NN_WANT[$name]=running ;;
    deadport|liveport)
      nn__pair
      k=$NN_K
      ip -n "$NN_NS" link set "nnv$k" master "$name" || nn_die "$NN_NS: nnv$k master $name failed"
      ip -n "$NN_NS" link set "nnv$k" up || nn_die "$NN_NS: nnv$k up failed"
      if [[ "$kind" == liveport ]]; then
        ip -n "$NN_PEER" link set "nnp$k" up || nn_die "$NN_PEER: nnp$k up failed"
        NN_WANT[$name]=running
        NN_WANT[nnv$k]=running
      else
        NN_WANT[$name]=stopped
        NN_WANT[nnv$k]=stopped
      fi ;;
    *) nn_die "nn_bridge $name: unknown kind '$kind' (fresh|deadport|liveport)" ;;
  esac
  ip -n "$NN_NS" link set "$name" up || nn_die "$NN_NS: $name up failed"
}

nn_addr() {
  local dev="$1" cidr="$2"
  shift 2
  if [[ "$cidr" == *:* ]]; then
    ip -n "$NN_NS" -6 addr add "$cidr" dev "$dev" nodad "$@" || nn_die "$NN_NS: addr $cidr on $dev failed"
  else
    ip -n "$NN_NS" -4 addr add "$cidr" dev "$dev" "$@" || nn_die "$NN_NS: addr $cidr on $dev failed"
  fi
}

# nn__running_links: names of links whose getifaddrs IFF_RUNNING would be set (admin UP and
# operstate UP or UNKNOWN), one per line.
nn__running_links() {
  ip -n "$NN_NS" -j link show |
    jq -r '.[] | select((.flags | index("UP")) and (.operstate == "UP" or .operstate == "UNKNOWN")) | .ifname'
}

nn_settle() {
  local deadline=$((SECONDS + 5)) name ok running
  while :; do
    running=" $(nn__running_links | tr '\n' ' ') "
    ok=1
    for name in "${!NN_WANT[@]}"; do
      if [[ "${NN_WANT[$name]}" == running && "$running" != *" $name "* ]]; then ok=0; fi
      if [[ "${NN_WANT[$name]}" == stopped && "$running" == *" $name "* ]]; then ok=0; fi
    done
    ((ok)) && return 0
    ((SECONDS < deadline)) || nn_die "$NN_NS: links did not settle in 5 s (running:${running})"
    sleep 0.05
  done
}

nn_hosts_file() {
  local dir="/etc/netns/$NN_NS"
  mkdir -p "$dir" || nn_die "cannot create $dir"
  NN_ETC_DIRS+=("$dir")
  printf '%s\n' "$@" >"$dir/hosts" || nn_die "cannot write $dir/hosts"
}

nn_run() {
  local vars=()
  while (($#)) && [[ "$1" != "--" ]]; do vars+=("$1"); shift; done
  [[ "${1:-}" == "--" ]] || nn_die "nn_run: missing -- before the command"
  shift
  timeout -k 2 20 ip netns exec "$NN_NS" env -i PATH="$NN_PATH" "${vars[@]}" "$@"
}

nn_run_as() {
  local host="$1" vars=()
  shift
  while (($#)) && [[ "$1" != "--" ]]; do vars+=("$1"); shift; done
  [[ "${1:-}" == "--" ]] || nn_die "nn_run_as: missing -- before the command"
  shift
  timeout -k 2 40 ip netns exec "$NN_NS" unshare --uts sh -c 'hostname "$1" && shift && exec env -i "$@"' \
    sh "$host" PATH="$NN_PATH" "${vars[@]}" "$@"
}
