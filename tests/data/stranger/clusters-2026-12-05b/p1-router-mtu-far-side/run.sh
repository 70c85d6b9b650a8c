#!/bin/bash
# node0 198.18.60.10 -- c3br0 -- router c3rt -- c3br1 (router's far-side switch port MTU 1400) -- node1 198.18.61.11
cd "$(dirname "$0")"; . ../lib.sh
c3_switch c3br0 c3br1
c3_node 0 c3eth0 198.18.60.10/24 c3br0
c3_node 1 c3eth0 198.18.61.11/24 c3br1
c3_port c3rt c3r0 c3br0 c3pr0 198.18.60.1/24
c3_port c3rt c3r1 c3br1 c3pr1 198.18.61.1/24
ip netns exec c3rt sysctl -qw net.ipv4.ip_forward=1
ip -n c3n0 route add default via 198.18.60.1
ip -n c3n1 route add default via 198.18.61.1
ip -n c3sw link set c3pr1 mtu 1400          # planted: a 1400-byte hop, no ICMP from a switch port
HOSTADDR=([0]=198.18.60.10 [1]=198.18.61.11); c3_hosts_default
c3_main 2
