#!/bin/bash
# w2: at step 4 rank 1 resolves its metrics host metrics.c10.internal (not in /etc/hosts) through DNS: both nodes'
# /etc/resolv.conf name 198.19.112.53 (options timeout:30 attempts:5), a host on the job's switch that answers ping
# and runs a DNS server (dnsd.py), but whose firewall (nft table inet c10dns) drops UDP port 53: getaddrinfo waits
# ~150 s per try, fails ("Temporary failure in name resolution"), rank 1 retries; rank 0 waits in step 4's all_reduce.
# Fix: the DNS host's rule goes (`nft delete table inet c10dns` on 198.19.112.53); rank 1's next query is answered
# (198.19.112.60), it sends its counter and goes on. Lasting: a reachable resolver in resolv.conf, or the metrics
# host in /etc/hosts, and no blocking name lookup inside the training step.
cd "$(dirname "$0")"; P=c10f; . ../lib.sh; . ../watchlib.sh; export RUN
c6_switch c10br0
HOSTADDR[0]=198.19.112.10; HOSTADDR[1]=198.19.112.11
c6_node 0 c10eth0 198.19.112.10/24
c6_node 1 c10eth0 198.19.112.11/24
c6_port ${P}lg c10eth0 c10br0 ${P}plg 198.19.112.53/24              # the DNS host
ip netns exec ${P}lg env ZONE=metrics.c10.internal=198.19.112.60 "$PY" "$HERE/dnsd.py" > "$RUN/dnsd.log" 2>&1 & BG+=($!)
ip netns exec ${P}lg nft -f - <<'NFT'
table inet c10dns {
  chain input {
    type filter hook input priority 0; policy accept;
    udp dport 53 drop
  }
}
NFT
c6_hosts_default
for i in 0 1; do printf 'nameserver 198.19.112.53\noptions timeout:30 attempts:5\n' > "$RUN/resolv.$i"
  echo 'export METRICS_HOST=metrics.c10.internal' >> "$RUN/env.$i"; done
sleep 1; echo "DNS host: $(ip netns exec ${P}lg ss -uln | tr '\n' ';')"
truefix() { echo "truefix: on the DNS host 198.19.112.53: nft delete table inet c10dns"; ip netns exec ${P}lg nft delete table inet c10dns; echo rc=$?; }
if [ "${PHASE:-}" = job ]; then ( c6_wait_log out-bare/job.rank1.txt 'rank 1 step 3' 500; sleep 100; echo "bare: harness applies the manifest fix after 100 s"; truefix; ) >> bare-truefix.txt 2>&1 & BG+=($!); fi
BARE_LIMIT=${BARE_LIMIT:-400} c6_wmain dnsmetrics
