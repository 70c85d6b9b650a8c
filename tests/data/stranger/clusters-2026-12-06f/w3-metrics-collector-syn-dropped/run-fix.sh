#!/bin/bash
# w3 with the printed fix (fix.printed.sh: GLOO_SOCKET_IFNAME, NCCL_SOCKET_IFNAME=c7eth0 on every node) in the env, the bare job into fix-out/
# w3: 2 nodes on 198.19.100.0/24; a metrics collector 198.19.102.50:8443 (namespace ${P}lg, a listener) behind
# router ${P}rt (198.19.100.1 / 198.19.102.1). The router's forward chain drops TCP to the collector
# (table inet c7fw). At step 4 rank 1 connects to the collector (retrying on error) before its all_reduce.
cd "$(dirname "$0")"; P=c7h; . ../lib.sh
c6_switch c7br0 c7br1
for i in 0 1; do c6_node $i c7eth0 198.19.100.1$i/24; HOSTADDR[$i]=198.19.100.1$i; done
c6_port ${P}rt c7r0 c7br0 ${P}rt0 198.19.100.1/24; c6_port ${P}rt c7r1 c7br1 ${P}rt1 198.19.102.1/24
ip netns exec ${P}rt sysctl -qw net.ipv4.ip_forward=1
c6_port ${P}lg c7eth0 c7br1 ${P}lg0 198.19.102.50/24; ip -n ${P}lg route add default via 198.19.102.1
for i in 0 1; do ip -n ${P}n$i route add 198.19.102.0/24 via 198.19.100.1; done
ip netns exec ${P}rt nft -f - <<'NFT'
table inet c7fw {
  chain forward { type filter hook forward priority 0; policy accept; ip daddr 198.19.102.50 tcp dport 8443 drop; }
}
NFT
ip netns exec ${P}lg /usr/bin/python3 -c '
import socket
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("0.0.0.0", 8443)); s.listen(16)
while True:
    c, a = s.accept(); print("collector:", a, c.recv(100), flush=True); c.close()' > collector.txt 2>&1 &
BG+=($!)
c6_hosts_default
for i in 0 1; do echo "export LOGGER=198.19.102.50:8443" >> "$RUN/env.$i"; done
c6_apply_fix fix.printed.sh > fix-out-applied.txt 2>&1; JOB_TIMEOUT=1800 JOB_LIMIT=120 c6_job fix-out logger
