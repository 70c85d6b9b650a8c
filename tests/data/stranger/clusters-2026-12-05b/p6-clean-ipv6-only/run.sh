#!/bin/bash
cd "$(dirname "$0")"; . ../lib.sh
c3_switch c3br0
ip netns exec c3sw sysctl -qw net.ipv6.conf.all.disable_ipv6=0
for i in 0 1; do c3_node $i c3eth0 fd00:18:66::1$i/64; HOSTADDR[$i]=fd00:18:66::1$i; done
c3_hosts_default
sleep 2   # link-local / neighbour setup
c3_main 2
