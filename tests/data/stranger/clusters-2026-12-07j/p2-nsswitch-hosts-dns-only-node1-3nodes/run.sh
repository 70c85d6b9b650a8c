#!/bin/bash
# p2: node1 runs a hardened image whose /etc/nsswitch.conf says `hosts: dns` (no `files`); the cluster has no DNS
# (node1's resolv.conf: nameserver 127.0.0.1, nothing listens). Every /etc/hosts, node1's included, maps c11node0..2
# correctly, but on node1 no name (not even its own) is looked up in /etc/hosts: MASTER_ADDR=c11node0 does not
# resolve there. node0 and node2 resolve normally (files dns).
# Fix: on node1 put `files` back: `sed -i 's/^hosts:.*/hosts: files dns/' /etc/nsswitch.conf` (here $RUN/nsswitch.1).
cd "$(dirname "$0")"; P=c11b; . ../lib.sh; export RUN
c6_switch c11br0
HOSTADDR[0]=198.19.116.10; HOSTADDR[1]=198.19.116.11; HOSTADDR[2]=198.19.116.12
c6_node 0 c11eth0 198.19.116.10/24
c6_node 1 c11eth0 198.19.116.11/24
c6_node 2 c11eth0 198.19.116.12/24
c6_hosts_default
sed 's/^hosts:.*/hosts:          dns/' /etc/nsswitch.conf > "$RUN/nsswitch.1"                            # planted
echo "nameserver 127.0.0.1" > "$RUN/resolv.1"
for i in 0 1 2; do echo "node$i: $(ip -n ${P}n$i -br addr show c11eth0)"; done
echo "node1 nsswitch hosts: $(grep ^hosts "$RUN/nsswitch.1")"; echo "node1 hosts file:"; cat "$RUN/hosts.1"
c6_on 1 bash -c 'getent hosts c11node0; echo "getent c11node0 rc=$?"'
JOB_LIMIT=${JOB_LIMIT:-240} c6_main
