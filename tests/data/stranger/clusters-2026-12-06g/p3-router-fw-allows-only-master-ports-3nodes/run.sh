#!/bin/bash
# node2 in another subnet behind router c8crt; the router's forward chain (site firewall) accepts only
# established flows, ICMP and TCP 29400-29401 (MASTER_PORT and +1); Gloo's pair ports (ephemeral) are dropped
cd "$(dirname "$0")"; P=c8c; . ../lib.sh
c6_switch c8br0 c8br1
c6_node 0 c8eth0 198.19.104.10/24; c6_node 1 c8eth0 198.19.104.11/24; c6_node 2 c8eth0 198.19.105.12/24 c8br1
HOSTADDR[0]=198.19.104.10; HOSTADDR[1]=198.19.104.11; HOSTADDR[2]=198.19.105.12
c6_router c8rt0 c8br0 198.19.104.1/24; c6_router c8rt1 c8br1 198.19.105.1/24
ip -n c8cn0 route add 198.19.105.0/24 via 198.19.104.1; ip -n c8cn1 route add 198.19.105.0/24 via 198.19.104.1
ip -n c8cn2 route add 198.19.104.0/24 via 198.19.105.1
ip netns exec c8crt nft -f - <<'NFT'
table inet c8fw {
  chain sitefw {
    type filter hook forward priority 0; policy drop;
    ct state established,related accept
    ip protocol icmp accept
    tcp dport 29400-29401 accept
  }
}
NFT
c6_hosts_default
c6_main
