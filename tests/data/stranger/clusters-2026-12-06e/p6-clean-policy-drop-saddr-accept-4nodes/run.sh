#!/bin/bash
# usage: ./run.sh (preflight + real job into out/); PHASE=job|pf ./run.sh (one half); FIX=fix.sh ./run.sh (fix-out/)
cd "$(dirname "$0")"; . ../lib.sh
# clean: 4 nodes; every node's input chain has policy drop and accepts lo, established and the cluster subnet
# (an address match); GLOO_SOCKET_IFNAME=c6eth0 and NCCL_SOCKET_IFNAME==c6eth0 everywhere
c6_switch c6br0
for i in 0 1 2 3; do HOSTADDR[$i]=198.18.219.$((10+i)); c6_node $i c6eth0 198.18.219.$((10+i))/26; done
c6_hosts_default
for i in 0 1 2 3; do
  printf 'export GLOO_SOCKET_IFNAME=c6eth0\nexport NCCL_SOCKET_IFNAME==c6eth0\n' >> "$RUN/env.$i"
  ip netns exec c6n$i nft -f - <<'NFT'
table inet c6fw {
  chain input {
    type filter hook input priority 0; policy drop;
    iif "lo" accept
    ct state established,related accept
    ip saddr 198.18.219.0/26 accept
  }
}
NFT
done
c6_main
