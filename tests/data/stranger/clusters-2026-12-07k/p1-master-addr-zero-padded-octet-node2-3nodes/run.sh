#!/bin/bash
# p1: the nodes get MASTER_ADDR as a literal address from the inventory spreadsheet. node2's launcher copied it
# zero-padded: MASTER_ADDR=198.19.120.010. glibc's getaddrinfo/inet_aton read a leading-zero octet as OCTAL:
# "010" = 8, so node2 goes to 198.19.120.8 (no such host; ARP gets no answer). node0, node1 use 198.19.120.10.
# /etc/hosts is correct everywhere, no firewall. Fix: on node2 `export MASTER_ADDR=198.19.120.10` (no leading zero).
cd "$(dirname "$0")"; P=c12a; . ../lib.sh; export RUN
c6_switch c12br0
HOSTADDR[0]=198.19.120.10; HOSTADDR[1]=198.19.120.11; HOSTADDR[2]=198.19.120.12
c6_node 0 c12eth0 198.19.120.10/24
c6_node 1 c12eth0 198.19.120.11/24
c6_node 2 c12eth0 198.19.120.12/24
MADDR=198.19.120.10 c6_hosts_default
sed -i 's/^export MASTER_ADDR=.*/export MASTER_ADDR=198.19.120.010/' "$RUN/env.2"                         # planted
for i in 0 1 2; do echo "node$i: $(ip -n ${P}n$i -br addr show c12eth0) env: $(grep MASTER_ADDR "$RUN/env.$i")"; done
c6_on 2 bash -c 'getent ahostsv4 "$MASTER_ADDR" | head -n 1'
JOB_LIMIT=${JOB_LIMIT:-150} c6_main
