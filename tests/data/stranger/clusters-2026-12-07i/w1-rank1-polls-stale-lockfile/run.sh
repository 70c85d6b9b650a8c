#!/bin/bash
# w1: at step 4 rank 1 takes the shared checkpoint folder's lock file as a soft file lock does (os.open O_CREAT|O_EXCL,
# retried once a second while the file exists). A run that crashed 3 hours earlier left the lock file behind
# ($RUN/shared/ckpt/.lock, holding the pid of a process that no longer exists): rank 1 sleeps and retries forever,
# rank 0 waits in step 4's all_reduce. No flock/fcntl lock is involved (nothing in /proc/locks).
# Fix: remove the stale lock file (`rm $RUN/shared/ckpt/.lock`, after checking its pid is gone); rank 1 then takes it.
cd "$(dirname "$0")"; P=c10e; . ../lib.sh; . ../watchlib.sh; export RUN
c6_switch c10br0
HOSTADDR[0]=198.19.112.10; HOSTADDR[1]=198.19.112.11
c6_node 0 c10eth0 198.19.112.10/24
c6_node 1 c10eth0 198.19.112.11/24
c6_hosts_default
mkdir -p "$RUN/shared/ckpt"
for i in 0 1; do echo "export LOCKFILE=$RUN/shared/ckpt/.lock" >> "$RUN/env.$i"; done
sh -c 'echo $$ > "$1"' sh "$RUN/shared/ckpt/.lock"          # planted: the crashed run's lock (its pid is gone)
touch -d '3 hours ago' "$RUN/shared/ckpt/.lock"; ls -l --time-style=+%T "$RUN/shared/ckpt/.lock"; cat "$RUN/shared/ckpt/.lock"
truefix() { echo "truefix: rm $RUN/shared/ckpt/.lock (pid $(cat "$RUN/shared/ckpt/.lock" 2>/dev/null) not running: $(kill -0 "$(cat "$RUN/shared/ckpt/.lock" 2>/dev/null)" 2>&1 | tail -c 40))"; rm -f "$RUN/shared/ckpt/.lock"; echo rc=$?; }
if [ "${PHASE:-}" = job ]; then ( c6_wait_log out-bare/job.rank1.txt 'rank 1 step 3' 500; sleep 100; echo "bare: harness applies the manifest fix after 100 s"; truefix; ) >> bare-truefix.txt 2>&1 & BG+=($!); fi
BARE_LIMIT=${BARE_LIMIT:-400} c6_wmain lockpoll
