#!/bin/bash
# scenario w5-gloo-ifname-one-node-wrong: see MANIFEST.md. FIX=file applies a printed fix (sourced after the setup).
cd "$(dirname "$0")"; OUT=$PWD/${FIX:+fix-}out; rm -rf "$OUT"; source ../lib.sh
c2_cluster 2
# ADDED AFTER THE FREEZE (w5 ran clean: node1, the greater address, connects out): the wrong NIC c2eth1 is 198.18.49.0/24, lower than the data net, so node0 must connect into node1 on it
for i in 0 1; do
  ip link add c2u$i type veth peer name c2q$i; ip link set c2u$i netns c2n$i; ip -n c2n$i link set c2u$i name c2eth1
  ip -n c2n$i addr add 198.18.49.$((10+i))/24 dev c2eth1; ip -n c2n$i link set c2eth1 up
  ip link set c2q$i netns c2sw; ip -n c2sw link set c2q$i up
done
ENV_1="GLOO_SOCKET_IFNAME=c2eth1"
[ -n "${FIX:-}" ] && source "$FIX"
c2_watch_nodes 2
