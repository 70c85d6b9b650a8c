#!/bin/bash
# scenario p4-asymmetric-route: see MANIFEST.md. FIX=file applies a printed fix (sourced after the setup).
cd "$(dirname "$0")"; OUT=$PWD/${FIX:+fix-}out; rm -rf "$OUT"; source ../lib.sh
# node0 198.18.56.10/24 and node1 198.18.57.11/24 on two bridges; router c2rt (forwards) joins both;
# c2rb (198.18.57.2, forwarding off) sits on node1's net. node0 -> node1 via c2rt; node1's route back
# to 198.18.56.0/24 points at c2rb, which drops it: the path works one way only.
c2_switch; ip -n c2sw link add c2br2 type bridge; ip -n c2sw link set c2br2 up
veth() { # ns ifname addr bridge portname
  ip link add c2tmp type veth peer name $5; ip link set c2tmp netns $1; ip -n $1 link set c2tmp name $2
  ip -n $1 addr add $3 dev $2; ip -n $1 link set $2 up
  ip link set $5 netns c2sw; ip -n c2sw link set $5 master $4; ip -n c2sw link set $5 up; }
for ns in c2n0 c2n1 c2rt c2rb; do ip netns add $ns; ip -n $ns link set lo up; done
veth c2n0 c2eth0 198.18.56.10/24 c2br c2p0
veth c2n1 c2eth0 198.18.57.11/24 c2br2 c2p1
veth c2rt c2ra 198.18.56.1/24 c2br c2pra
veth c2rt c2rc 198.18.57.1/24 c2br2 c2prc
veth c2rb c2rd 198.18.57.2/24 c2br2 c2prd
ip netns exec c2rt sysctl -qw net.ipv4.ip_forward=1
ip netns exec c2rb sysctl -qw net.ipv4.ip_forward=0
ip -n c2n0 route add 198.18.57.0/24 via 198.18.56.1
ip -n c2n1 route add 198.18.56.0/24 via 198.18.57.2
for i in 0 1; do printf '127.0.0.1 localhost\n198.18.56.10 c2node0\n198.18.57.11 c2node1\n' > "$TMPD/hosts$i"; done
[ -n "${FIX:-}" ] && source "$FIX"
c2_preflight 2
JOB_LIMIT=60 c2_job 2
