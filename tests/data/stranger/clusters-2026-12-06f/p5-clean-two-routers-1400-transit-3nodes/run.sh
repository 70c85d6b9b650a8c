#!/bin/bash
# p5 (clean): node0, node1 on 198.19.100.0/24; node2 on 198.19.101.0/24; between them two routers joined by a
# transit link 198.19.102.0/24 with MTU 1400 (every NIC 1500); the routers send ICMP frag-needed (PMTU works).
cd "$(dirname "$0")"; P=c7e; . ../lib.sh
c6_switch c7br0 c7br1 c7br2
c6_node 0 c7eth0 198.19.100.10/24; c6_node 1 c7eth0 198.19.100.11/24; c6_node 2 c7eth0 198.19.101.12/24 c7br2
HOSTADDR[0]=198.19.100.10; HOSTADDR[1]=198.19.100.11; HOSTADDR[2]=198.19.101.12
c6_port ${P}rt1 c7r0 c7br0 ${P}rt10 198.19.100.1/24; c6_port ${P}rt1 c7r1 c7br1 ${P}rt11 198.19.102.1/24 1400
c6_port ${P}rt2 c7r1 c7br1 ${P}rt21 198.19.102.2/24 1400; c6_port ${P}rt2 c7r2 c7br2 ${P}rt22 198.19.101.1/24
for r in 1 2; do ip netns exec ${P}rt$r sysctl -qw net.ipv4.ip_forward=1; done
ip -n ${P}rt1 route add 198.19.101.0/24 via 198.19.102.2; ip -n ${P}rt2 route add 198.19.100.0/24 via 198.19.102.1
ip -n ${P}n0 route add default via 198.19.100.1; ip -n ${P}n1 route add default via 198.19.100.1
ip -n ${P}n2 route add default via 198.19.101.1
c6_hosts_default
c6_main
