#!/bin/bash
# w1: 2 nodes. On node1 a leftover checkpoint uploader of an earlier run (no RANK in its environment, started
# before the job) holds flock(LOCK_EX) on the checkpoint lock file; at step 4 rank 1 takes the same lock.
cd "$(dirname "$0")"; P=c7f; . ../lib.sh
c6_switch c7br0
for i in 0 1; do c6_node $i c7eth0 198.19.100.1$i/24; HOSTADDR[$i]=198.19.100.1$i; done
c6_hosts_default
for i in 0 1; do echo "export LOCKFILE=$RUN/ckpt.lock" >> "$RUN/env.$i"; done
ip netns exec ${P}n1 env -i PATH=/usr/bin:/bin /usr/bin/python3 -c '
import fcntl, sys, time
f = open(sys.argv[1], "a"); fcntl.flock(f, fcntl.LOCK_EX)
print("uploader holds the lock", flush=True); time.sleep(3600)' "$RUN/ckpt.lock" > "$RUN/uploader.txt" 2>&1 &
BG+=($!); echo "stale uploader pid $!" > uploader-pid.txt
c6_wait_log "$RUN/uploader.txt" holds 30 || echo "uploader did not start" >> uploader-pid.txt
c6_wmain flock
