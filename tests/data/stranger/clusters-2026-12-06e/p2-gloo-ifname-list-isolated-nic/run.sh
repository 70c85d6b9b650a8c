#!/bin/bash
# usage: ./run.sh (preflight + real job into out/); PHASE=job|pf ./run.sh (one half); FIX=fix.sh ./run.sh (fix-out/)
cd "$(dirname "$0")"; . ../lib.sh
# planted: GLOO_SOCKET_IFNAME=c6eth0,c6eth1 on both nodes; c6eth1 is each node's own isolated NIC (own bridge)
c6_switch c6br0 c6br1 c6br2
for i in 0 1; do
  HOSTADDR[$i]=198.18.216.$((74+i)); c6_node $i c6eth0 198.18.216.$((74+i))/26
  c6_node $i c6eth1 198.18.216.$((138+i))/26 c6br$((1+i))
done
c6_hosts_default
for i in 0 1; do echo 'export GLOO_SOCKET_IFNAME=c6eth0,c6eth1' >> "$RUN/env.$i"; done
c6_main
