#!/bin/bash
# p1: every node has a virbr0-like bridge c7virbr0 (no ports) with the same address 198.19.103.1/24, created
# before its NIC; each node's setup script wrote `$(hostname -I | cut -d' ' -f1) $(hostname)` into its own
# /etc/hosts, so its own name resolves to 198.19.103.1 (the other nodes' names: their real addresses).
# MASTER_ADDR=198.19.100.10 (literal). GLOO_SOCKET_IFNAME unset, so Gloo binds the hostname's address.
cd "$(dirname "$0")"; P=c7a; . ../lib.sh
for i in 0 1 2; do
  c6_ns "${P}n$i"; ip -n "${P}n$i" link add c7virbr0 type bridge; ip -n "${P}n$i" link set c7virbr0 up
  ip -n "${P}n$i" addr add 198.19.103.1/24 dev c7virbr0
done
c6_switch c7br0
for i in 0 1 2; do c6_node $i c7eth0 198.19.100.1$i/24; HOSTADDR[$i]=198.19.100.1$i; done
MADDR=198.19.100.10 c6_hosts_default
for i in 0 1 2; do sed -i "s/^198.19.100.1$i c7node$i\$/198.19.103.1 c7node$i/" "$RUN/hosts.$i"; done
c6_main
