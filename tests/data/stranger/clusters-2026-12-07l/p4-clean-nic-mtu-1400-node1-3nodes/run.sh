#!/bin/bash
# p4 (clean): node1's NIC c13eth0 has MTU 1400 (a VPN-era setting), node0, node2 and every switch port 1500.
# TCP is fine: node1 advertises MSS 1360, so its peers send it segments that fit; node1 sends at most 1400.
# Nothing blocks the job. Fix: none (a remark about the differing MTU is true; WILL HANG / an ERROR is a false alarm).
cd "$(dirname "$0")"; P=c13d; . ../lib.sh; export RUN
c6_switch c13br0
HOSTADDR[0]=198.19.124.10; HOSTADDR[1]=198.19.124.11; HOSTADDR[2]=198.19.124.12
c6_node 0 c13eth0 198.19.124.10/24
c6_node 1 c13eth0 198.19.124.11/24
c6_node 2 c13eth0 198.19.124.12/24
c6_hosts_default
ip -n ${P}n1 link set dev c13eth0 mtu 1400                                                                      # the setting
for i in 0 1 2; do echo "node$i: $(ip -n ${P}n$i link show c13eth0 | head -n 1)"; done
JOB_LIMIT=${JOB_LIMIT:-150} c6_main
