#!/bin/bash
# 3 nodes 198.18.80.10-12 on one bridge, every NIC MTU 1500; node2's switch port (c4p20) MTU 1400: frames over
# 1400 bytes to and from node2 are dropped silently (no ICMP from a switch port), small ones pass
cd "$(dirname "$0")"; . ../lib.sh
c4_switch c4br0
for i in 0 1 2; do c4_node $i c4eth0 198.18.80.1$i/24; HOSTADDR[$i]=198.18.80.1$i; done
ip -n c4sw link set c4p20 mtu 1400          # planted
c4_hosts_default
c4_main 3
