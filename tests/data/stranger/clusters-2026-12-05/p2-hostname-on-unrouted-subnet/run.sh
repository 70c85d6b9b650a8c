#!/bin/bash
# scenario p2-hostname-on-unrouted-subnet: see MANIFEST.md. FIX=file applies a printed fix (sourced after the setup).
cd "$(dirname "$0")"; OUT=$PWD/${FIX:+fix-}out; rm -rf "$OUT"; source ../lib.sh
c2_cluster 2
# second NICs on one L2 bridge c2br2 but different subnets (198.18.54.10/24 vs 198.18.55.11/24): no route
ip -n c2sw link add c2br2 type bridge; ip -n c2sw link set c2br2 up
for i in 0 1; do
  ip link add c2u$i type veth peer name c2q$i; ip link set c2u$i netns c2n$i; ip -n c2n$i link set c2u$i name c2eth1
  ip -n c2n$i addr add 198.18.$((54+i)).$((10+i))/24 dev c2eth1; ip -n c2n$i link set c2eth1 up
  ip link set c2q$i netns c2sw; ip -n c2sw link set c2q$i master c2br2; ip -n c2sw link set c2q$i up
done
# every node's /etc/hosts maps the host names to the second NICs; MASTER_ADDR is the data address
for i in 0 1; do printf '127.0.0.1 localhost\n198.18.54.10 c2node0\n198.18.55.11 c2node1\n' > "$TMPD/hosts$i"; done
ALLENV="MASTER_ADDR=198.18.50.10"
[ -n "${FIX:-}" ] && source "$FIX"
c2_preflight 2
JOB_LIMIT=60 c2_job 2
