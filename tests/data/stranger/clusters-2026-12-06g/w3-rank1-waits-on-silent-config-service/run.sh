#!/bin/bash
# MODE=cfgservice: at step 4 rank 1 connects to a config service 198.19.104.50:8080 (host c8hlg, outside the
# job), sends a request and waits in recv(); the service accepts and reads but never answers
cd "$(dirname "$0")"; P=c8h; . ../lib.sh; . ../watchlib.sh
c6_switch c8br0
for i in 0 1; do c6_node $i c8eth0 198.19.104.1$i/24; HOSTADDR[$i]=198.19.104.1$i; done
c6_port c8hlg c8eth0 c8br0 c8hplg 198.19.104.50/24
c6_hosts_default
for i in 0 1; do echo 'export CFGSVC=198.19.104.50:8080' >> "$RUN/env.$i"; done
ip netns exec c8hlg "$PY" -c '
import socket, time
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("0.0.0.0", 8080)); s.listen(8)
conns = []
while True:
    c, a = s.accept(); c.recv(4096); conns.append(c)   # reads the request, never answers
' & SVC=$!; BG+=($SVC)
truefix() { echo "manifest fix: restart (here: stop) the hung config service pid $SVC on c8hlg"; kill "$SVC"; }
BARE_LIMIT=120 c6_wmain cfgservice
