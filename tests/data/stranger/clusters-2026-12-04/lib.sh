# common helpers; tag "evq"; addresses 198.18.77.0/24 (+198.18.78.0/24)
DD=/work/eval-bin/distdoctor
T=evq
SW=${T}sw
NODES=()
cleanup() {
  for p in $(cat "$WORK"/pids 2>/dev/null); do kill -9 "$p" 2>/dev/null; done
  for n in "${NODES[@]}" $SW ${T}rt; do ip netns pids $n 2>/dev/null | xargs -r kill -9 2>/dev/null; done
  sleep 0.5
  for n in "${NODES[@]}" $SW ${T}rt; do ip netns del $n 2>/dev/null; done
  for l in $(ip -o link | awk -F': ' '{print $2}' | cut -d@ -f1 | grep "^${T}"); do ip link del "$l" 2>/dev/null; done
}
mk_switch() { ip netns add $SW; ip -n $SW link add ${T}br type bridge; ip -n $SW link set ${T}br up; ip -n $SW link set lo up; }
# mk_node IDX ADDR [IFNAME] [MTU_NODE] [MTU_SWPORT]
mk_node() {
  local i=$1 addr=$2 ifn=${3:-${T}e0} mtn=${4:-1500} mts=${5:-1500}
  local ns=${T}n$i; NODES+=($ns)
  ip netns add $ns; ip -n $ns link set lo up
  ip link add ${T}x$i type veth peer name ${T}p$i
  ip link set ${T}x$i netns $ns; ip link set ${T}p$i netns $SW
  ip -n $ns link set ${T}x$i name $ifn
  ip -n $ns link set $ifn mtu $mtn; ip -n $SW link set ${T}p$i mtu $mts
  ip -n $ns addr add $addr/24 dev $ifn; ip -n $ns link set $ifn up
  ip -n $SW link set ${T}p$i master ${T}br; ip -n $SW link set ${T}p$i up
}
# run_in IDX HOSTSFILE cmd... : own hostname evqnodeIDX, own /etc/hosts
run_in() {
  local i=$1 hf=$2; shift 2
  ip netns exec ${T}n$i unshare --uts --mount sh -c 'hostname '${T}node$i'; mount --bind "$0" /etc/hosts; exec "$@"' "$hf" "$@"
}
std_hosts() { # file, then lines
  local f=$1; shift
  { echo "127.0.0.1 localhost"; for l in "$@"; do echo "$l"; done; } > "$f"
}
