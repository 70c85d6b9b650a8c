#!/bin/bash
# p3: node1's launch environment file was edited on Windows: every line ends in CRLF, so after `. env` node1 runs
# with MASTER_ADDR=$'c9node0\r', MASTER_PORT=$'29400\r', RANK=$'1\r', WORLD_SIZE=$'3\r'. Nodes 0 and 2 are right.
cd "$(dirname "$0")"; P=c9c; . ../lib.sh; export RUN
c6_switch c9br0
HOSTADDR[0]=198.19.108.10; HOSTADDR[1]=198.19.108.11; HOSTADDR[2]=198.19.108.12
c6_node 0 c9eth0 198.19.108.10/24
c6_node 1 c9eth0 198.19.108.11/24
c6_node 2 c9eth0 198.19.108.12/24
c6_hosts_default
sed -i 's/$/\r/' "$RUN/env.1"                 # planted: CRLF line ends in node1's env file
echo "node1 env file:"; od -c "$RUN/env.1" | head -4
JOB_LIMIT=${JOB_LIMIT:-240} c6_main
