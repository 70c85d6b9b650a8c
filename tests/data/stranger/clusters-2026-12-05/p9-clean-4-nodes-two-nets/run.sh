#!/bin/bash
# scenario p9-clean-4-nodes-two-nets: see MANIFEST.md. FIX=file applies a printed fix (sourced after the setup).
cd "$(dirname "$0")"; OUT=$PWD/${FIX:+fix-}out; rm -rf "$OUT"; source ../lib.sh
c2_cluster 4
# a second, fully working network 198.18.58.0/24 on bridge c2br2 for every node
ip -n c2sw link add c2br2 type bridge; ip -n c2sw link set c2br2 up
for i in 0 1 2 3; do
  ip link add c2u$i type veth peer name c2q$i; ip link set c2u$i netns c2n$i; ip -n c2n$i link set c2u$i name c2eth1
  ip -n c2n$i addr add 198.18.58.$((10+i))/24 dev c2eth1; ip -n c2n$i link set c2eth1 up
  ip link set c2q$i netns c2sw; ip -n c2sw link set c2q$i master c2br2; ip -n c2sw link set c2q$i up
done
[ -n "${FIX:-}" ] && source "$FIX"
c2_preflight 4
JOB_LIMIT=60 c2_job 4
