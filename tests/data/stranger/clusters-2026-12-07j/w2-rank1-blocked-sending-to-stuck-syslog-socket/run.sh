#!/bin/bash
# w2: node1's log daemon (a process listening on the unix datagram socket DEVLOG=$RUN/devlog.1, as /dev/log) read
# 5 messages and then got stuck (it sleeps, never reads again). At step 4 rank 1 logs 200 lines through
# logging.handlers.SysLogHandler to that socket: once the daemon's receive queue is full (net.unix.max_dgram_qlen),
# rank 1's main thread blocks in send() on the unix socket; rank 0 waits in step 4's all_reduce.
# Fix: on node1 restart the log daemon (kill the stuck one, start one that reads); rank 1's blocked send fails
# (ECONNREFUSED); its remaining lines fail as `--- Logging error ---` tracebacks (Python 3.11's handler does not
# recover), and training goes on.
cd "$(dirname "$0")"; P=c11f; . ../lib.sh; . ../watchlib.sh; export RUN
c6_switch c11br0
HOSTADDR[0]=198.19.116.10; HOSTADDR[1]=198.19.116.11
c6_node 0 c11eth0 198.19.116.10/24
c6_node 1 c11eth0 198.19.116.11/24
c6_hosts_default
for i in 0 1; do printf 'export STEP_SLEEP=2\nexport DEVLOG=%s\n' "$RUN/devlog.1" >> "$RUN/env.$i"; done
LOGD='import socket, sys, time, os
p = sys.argv[1]; stuck = sys.argv[2] == "stuck"
try: os.unlink(p)
except FileNotFoundError: pass
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM); s.bind(p)
n = 0
while True:
    if stuck and n >= 5:
        time.sleep(3600); continue
    s.recv(8192); n += 1'
c6_on 1 /usr/bin/python3 -c "$LOGD" "$RUN/devlog.1" stuck > "$RUN/logd.out" 2>&1 &                       # planted
BG+=($!); sleep 1; ls -l "$RUN/devlog.1"
truefix() { local p; for p in $(ip netns pids ${P}n1); do if grep -qa 'stuck' /proc/$p/cmdline 2>/dev/null && [ "$(cat /proc/$p/comm)" = python3 ]; then echo "truefix: kill stuck log daemon pid $p"; kill $p; fi; done
  c6_on 1 /usr/bin/python3 -c "$LOGD" "$RUN/devlog.1" reads > "$RUN/logd2.out" 2>&1 & BG+=($!); echo "truefix: new log daemon started"; }
if [ "${PHASE:-}" = job ]; then ( c6_wait_log out-bare/job.rank1.txt 'rank 1 step 3' 500; sleep 100; echo "bare: harness applies the manifest fix after 100 s"; truefix; ) >> bare-truefix.txt 2>&1 & BG+=($!); fi
BARE_LIMIT=${BARE_LIMIT:-400} c6_wmain syslog
