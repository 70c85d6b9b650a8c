#!/bin/bash
# w2: node1's checkpoint folder /tmp/c13f-ckpt is a 4 MiB tmpfs, full: the previous run's shard1.prev.pt (4 MiB)
# was never removed. At step 4 rank 1 saves its 2 MiB shard there; the write fails with ENOSPC and rank 1 prints
# "rank 1 checkpoint write failed: ... No space left on device ...; retrying in 2 s" and retries every 2 s
# (mostly asleep, some CPU per try); rank 0 waits in step 4's all_reduce.
# Fix: on node1 `rm /tmp/c13f-ckpt/shard1.prev.pt` (free the space); the next retry succeeds and the job finishes.
cd "$(dirname "$0")"; P=c13f; . ../lib.sh; . ../watchlib.sh; export RUN
CK=/tmp/c13f-ckpt
extra_cleanup() { umount $CK 2>/dev/null; rmdir $CK 2>/dev/null; }
mkdir -p $CK; mount -t tmpfs -o size=4m c13f-ckpt $CK
dd if=/dev/zero of=$CK/shard1.prev.pt bs=64k 2>/dev/null; echo "node1 checkpoint disk: $(df -h $CK | tail -n 1)"   # planted
c6_switch c13br0
HOSTADDR[0]=198.19.124.10; HOSTADDR[1]=198.19.124.11
c6_node 0 c13eth0 198.19.124.10/24
c6_node 1 c13eth0 198.19.124.11/24
c6_hosts_default
for i in 0 1; do printf 'export STEP_SLEEP=2\nexport CKPT_DIR=%s\n' $CK >> "$RUN/env.$i"; done
during_job() { local d=$1 p; c6_wait_log "$d/job.rank1.txt" 'checkpoint write failed' 500 || { echo "no failure"; return; }
  local k; for k in $(seq 1 30); do sleep 10
    echo "$(date -u +%T) rank 1 last line: $(tail -n 1 "$d/job.rank1.txt"); $(df -h $CK | tail -n 1); $(for p in $(c6_rank_pids 1); do echo "pid $p $(grep State /proc/$p/status | tr -s '\t ' ' ') wchan $(cat /proc/$p/wchan)"; done)"
    grep -q 'rank 1 done' "$d/job.rank1.txt" && break; done; }
truefix() { echo "truefix: on node1 rm $CK/shard1.prev.pt"; c6_on 1 rm $CK/shard1.prev.pt; echo "rc=$? $(df -h $CK | tail -n 1)"; }
if [ "${PHASE:-}" = job ]; then ( c6_wait_log out-bare/job.rank1.txt 'rank 1 step 3' 500; sleep 100; echo "bare: harness applies the manifest fix after 100 s"; truefix; ) >> bare-truefix.txt 2>&1 & BG+=($!); fi
BARE_LIMIT=${BARE_LIMIT:-400} c6_wmain enospc
