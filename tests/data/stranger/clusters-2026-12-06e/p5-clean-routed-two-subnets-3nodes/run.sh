#!/bin/bash
# usage: ./run.sh (preflight + real job into out/); PHASE=job|pf ./run.sh (one half); FIX=fix.sh ./run.sh (fix-out/)
cd "$(dirname "$0")"; . ../lib.sh
# clean: node0, node1 on 198.18.218.0/26, node2 on 198.18.218.64/26, router c6rt forwards between them
c6_switch c6br0 c6br1
c6_router c6ra0 c6br0 198.18.218.1/26; c6_router c6ra1 c6br1 198.18.218.65/26
HOSTADDR[0]=198.18.218.10; c6_node 0 c6eth0 198.18.218.10/26
HOSTADDR[1]=198.18.218.11; c6_node 1 c6eth0 198.18.218.11/26
HOSTADDR[2]=198.18.218.76; c6_node 2 c6eth0 198.18.218.76/26 c6br1
for i in 0 1; do ip -n c6n$i route add default via 198.18.218.1; done
ip -n c6n2 route add default via 198.18.218.65
c6_hosts_default
c6_main
