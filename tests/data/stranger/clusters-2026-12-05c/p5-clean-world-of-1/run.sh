#!/bin/bash
# one node (world 1), one NIC 198.18.87.10, MASTER_ADDR=c4node0: nothing planted
cd "$(dirname "$0")"; . ../lib.sh
c4_switch c4br0
c4_node 0 c4eth0 198.18.87.10/24; HOSTADDR[0]=198.18.87.10
c4_hosts_default
c4_main 1
