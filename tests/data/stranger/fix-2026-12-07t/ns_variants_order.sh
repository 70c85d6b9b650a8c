#!/bin/bash
# ns_variants_order.sh: as ns_variants.sh but bond0 created BEFORE eno1 (lower ifindex); p02 with MASTER_ADDR in bond0's subnet (as on the real node), on the emulated gpu-01 (s23b, as in ns_nodes.sh v2)
export ASAN_OPTIONS=detect_leaks=0 NO_COLOR=1
D=/work/eval-bin25/distdoctor
cd "$(dirname "$0")"; mkdir -p out/ns_variants_order
cleanup() { for n in s23b s23sw; do ip netns del $n 2>/dev/null; done; }
trap cleanup EXIT
ip netns add s23b; ip netns add s23sw
ip -n s23b link set lo up
for p in "bond0 198.18.40.11/16" "ens1f0 -" "ens1f1 -" "eno1 198.18.1.11/24"; do
  set -- $p; ip -n s23b link add $1 type veth peer name s23v$1; ip -n s23b link set s23v$1 netns s23sw; ip -n s23sw link set s23v$1 up
  [ "$2" != - ] && ip -n s23b addr add $2 dev $1
done
ip netns exec s23b sysctl -qw net.ipv6.conf.ens1f0.disable_ipv6=1 net.ipv6.conf.ens1f1.disable_ipv6=1
for l in eno1 ens1f0 ens1f1 bond0; do ip -n s23b link set $l up; done
f=variants/p02_master_on_bond.vars.sh
ip netns exec s23b ip -br addr > out/ns_variants_order/p02b.ipbr.txt
ip netns exec s23b unshare --uts env -i PATH=/usr/bin:/bin HOME=/root bash -c "hostname gpu-01; set -a; . $f; timeout 60 $D env; echo rc=\$?; timeout 60 $D env --export > out/ns_variants_order/p02b.export; eval \"\$(cat out/ns_variants_order/p02b.export)\"; echo NCCL_SOCKET_IFNAME=\$NCCL_SOCKET_IFNAME; timeout 60 $D env; echo rc=\$?; timeout 60 $D check 2>&1 | tail -30" > out/ns_variants_order/p02b.txt 2>&1
