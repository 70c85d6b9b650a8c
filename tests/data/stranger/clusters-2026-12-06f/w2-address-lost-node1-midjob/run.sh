#!/bin/bash
# w2: 2 nodes. After rank 1 prints step 3, node1's address is removed from its NIC (a DHCP lease that was not
# renewed): `ip addr del 198.19.100.11/24 dev c7eth0` on node1; the link stays up.
cd "$(dirname "$0")"; P=c7g; . ../lib.sh
c6_switch c7br0
for i in 0 1; do c6_node $i c7eth0 198.19.100.1$i/24; HOSTADDR[$i]=198.19.100.1$i; done
c6_hosts_default
during_job() {
  c6_wait_log "$1/job.rank1.txt" 'rank 1 step 3' 300 || { echo "no step 3 in 300 s"; return; }
  ip -n ${P}n1 addr del 198.19.100.11/24 dev c7eth0; echo "$(date +%T) planted: addr del on node1 rc=$?"
}
c6_wmain normal
