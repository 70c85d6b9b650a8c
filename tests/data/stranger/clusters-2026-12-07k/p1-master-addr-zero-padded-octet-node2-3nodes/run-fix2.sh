#!/bin/bash
# added after the freeze (harness only): the printed alternative "pass --rendezvous with rank 0's address" on node2
# (preflight on node2 gets --rendezvous 198.19.120.10:29401; nothing else changes), then the job, into fix2-out/.
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
c6_preflight() { local d=$1 i pids=(); mkdir -p "$d"; for i in "${NODES[@]}"; do extra=(); [ "$i" = 2 ] && extra=(--rendezvous 198.19.120.10:29401); c6_on "$i" bash -c 'exec timeout 150 "$0" preflight --no-color --token c12tok --timeout 90 "${@}"' "$DD" "${extra[@]}" > "$d/pf.rank$i.txt" 2> "$d/pf.rank$i.err" & pids+=($!); done; local k=0; for i in "${pids[@]}"; do wait "$i"; echo "node$k rc=$?" >> "$d/pf.rc"; k=$((k+1)); done; cat "$d/pf.rank0.txt"; }
FIX=fix2.sh FIXOUT=fix2-out JOB_LIMIT=90 c6_main
