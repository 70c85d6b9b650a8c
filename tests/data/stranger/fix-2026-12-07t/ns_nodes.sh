#!/bin/bash
# ns_nodes.sh: emulate the nodes of p01 / p02 (+c01) / p23 in network namespaces s23a / s23b / s23c and run
# `distdoctor env` (+ --export, applied in `env -i bash`, then env again) inside each with the case's file sourced.
# Addresses only from 198.18.0.0/15; everything removed on exit.
export ASAN_OPTIONS=detect_leaks=0 NO_COLOR=1
D=/work/eval-bin25/distdoctor
cd "$(dirname "$0")"; mkdir -p out/ns
# v2: the peer ends of the veths live in a 'switch' namespace s23sw (v1 left them in the node, see out/ns_v1_peers_inside)
cleanup() { for n in s23a s23b s23c s23sw; do ip netns del $n 2>/dev/null; done; }
trap cleanup EXIT
set -x
ip netns add s23a; ip netns add s23b; ip netns add s23c; ip netns add s23sw
# s23a: cloud VM, eth0 the only NIC, docker0 down
ip -n s23a link set lo up
ip -n s23a link add eth0 type veth peer name s23ap
ip -n s23a addr add 198.18.0.21/20 dev eth0; ip -n s23a link set s23ap up; ip -n s23a link set eth0 up
ip -n s23a link add docker0 type bridge; ip -n s23a addr add 198.19.17.1/24 dev docker0
# s23b: eno1 management, ens1f0/ens1f1 slaves of bond0
ip -n s23b link set lo up
ip -n s23b link add eno1 type veth peer name s23bp0; ip -n s23b addr add 198.18.1.11/24 dev eno1
ip -n s23b link add ens1f0 type veth peer name s23bp1; ip -n s23b link add ens1f1 type veth peer name s23bp2
if ip -n s23b link add bond0 type bond mode 802.3ad 2>out/ns/bond_err.txt; then
  ip -n s23b link set ens1f0 master bond0; ip -n s23b link set ens1f1 master bond0; echo "bond: real" > out/ns/bond_kind.txt
else
  ip -n s23b link add bond0 type veth peer name s23bp3; echo "bond: emulated by a veth named bond0 (bonding unavailable)" > out/ns/bond_kind.txt
fi
ip -n s23b addr add 198.18.40.11/16 dev bond0
for l in eno1 s23bp0 ens1f0 s23bp1 ens1f1 s23bp2 bond0 s23bp3; do ip -n s23b link set $l up 2>/dev/null; done
# s23c: ens6 data NIC
ip -n s23c link set lo up
ip -n s23c link add ens6 type veth peer name s23cp; ip -n s23c addr add 198.18.70.21/16 dev ens6
ip -n s23c link set ens6 up; ip -n s23c link set s23cp up
for ns in s23a s23b s23c; do for l in $(ip -n $ns -o link | awk -F': ' '{print $2}' | cut -d@ -f1 | grep '^s23'); do ip -n $ns link set $l netns s23sw; done; done
# bond slaves carry no address (the kernel gives a bond slave no IPv6 link-local either)
ip netns exec s23b sysctl -qw net.ipv6.conf.ens1f0.disable_ipv6=1 net.ipv6.conf.ens1f1.disable_ipv6=1
for l in $(ip -n s23sw -o link | awk -F': ' '{print $2}' | cut -d@ -f1 | grep '^s23'); do ip -n s23sw link set $l up; done
set +x
run() { # ns host file tag
  local ns=$1 host=$2 f=$3 tag=$4
  ip netns exec $ns ip -br addr > out/ns/$tag.ipbr.txt 2>&1
  ip netns exec $ns unshare --uts env -i PATH=/usr/bin:/bin HOME=/root bash -c "hostname $host; set -a; . '$f'; timeout 60 $D env; echo rc=\$?" > out/ns/$tag.env.txt 2>&1
  ip netns exec $ns unshare --uts env -i PATH=/usr/bin:/bin HOME=/root bash -c "hostname $host; set -a; . '$f'; timeout 60 $D env --export" > out/ns/$tag.export 2>&1
  ip netns exec $ns unshare --uts env -i PATH=/usr/bin:/bin HOME=/root bash -c "hostname $host; set -a; . '$f'; eval \"\$(cat out/ns/$tag.export)\"; echo NCCL_SOCKET_IFNAME=\$NCCL_SOCKET_IFNAME GLOO_SOCKET_IFNAME=\$GLOO_SOCKET_IFNAME NCCL_COMM_ID=\$NCCL_COMM_ID; timeout 60 $D env; echo rc=\$?; timeout 60 $D nics --json | jq -c '{nccl: .nccl.prediction, gloo: .gloo.prediction}'" > out/ns/$tag.after.txt 2>&1
}
run s23a vm-train-1 cases/p01_ifname_exclude_eth.vars.sh p01
run s23b gpu-01 cases/p02_ifname_bond_slave.vars.sh p02
run s23b gpu-01 cases/c01_bond.vars.sh c01
run s23c gpu-01 cases/p23_nccl_comm_id_loopback.vars.sh p23
