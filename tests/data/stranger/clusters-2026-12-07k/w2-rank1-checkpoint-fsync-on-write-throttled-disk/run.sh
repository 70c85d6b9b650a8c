#!/bin/bash
# w2: node1's checkpoint disk is a loop-backed ext4 ($RUN/ckpt1 = CKPT_DIR on node1, node0 has its own unthrottled
# $RUN/ckpt0). After rank 1's step 3 the node's I/O policy puts rank 1 into the v1 blkio cgroup
# /sys/fs/cgroup/blkio/c12f-slot1 with blkio.throttle.write_bps_device "<loop dev> 16384" (16 KiB/s). At step 4 rank 1
# prints "writing checkpoint shard", torch.save()s 16 MiB and fsync()s: the fsync's writes trickle out at 16 KiB/s
# (~17 minutes; state D in fsync); rank 0 waits in step 4's all_reduce.
# Fix: on node1 lift the throttle: `echo "<MAJ:MIN> 0" > /sys/fs/cgroup/blkio/c12f-slot1/blkio.throttle.write_bps_device`
# (or move rank 1 back to /sys/fs/cgroup/blkio/cgroup.procs); the fsync completes, the job finishes.
cd "$(dirname "$0")"; P=c12f; . ../lib.sh; . ../watchlib.sh; export RUN
CG=/sys/fs/cgroup/blkio/c12f-slot1
extra_cleanup() { local p; if [ -d $CG ]; then for p in $(cat $CG/cgroup.procs); do echo "$p" > /sys/fs/cgroup/blkio/cgroup.procs; done; rmdir $CG; fi
  umount -l "$RUN/ckpt1" 2>/dev/null; [ -s "$RUN/loopdev" ] && losetup -d "$(cat "$RUN/loopdev")"; }
c6_switch c12br0
HOSTADDR[0]=198.19.120.10; HOSTADDR[1]=198.19.120.11
c6_node 0 c12eth0 198.19.120.10/24
c6_node 1 c12eth0 198.19.120.11/24
c6_hosts_default
mkdir -p "$RUN/ckpt0" "$RUN/ckpt1"; truncate -s 128M "$RUN/ckpt1.img"
LD=$(losetup -f --show "$RUN/ckpt1.img") || exit 1; echo "$LD" > "$RUN/loopdev"
mkfs.ext4 -q "$LD" && mount "$LD" "$RUN/ckpt1" || exit 1
MM=$(stat -c '%t:%T' "$LD"); DEV=$((16#${MM%:*})):$((16#${MM#*:})); echo "node1 checkpoint disk $LD ($DEV) on $RUN/ckpt1"
for i in 0 1; do printf 'export STEP_SLEEP=2\nexport CKPT_DIR=%s\n' "$RUN/ckpt$i" >> "$RUN/env.$i"; done
during_job() { local d=$1 p; c6_wait_log "$d/job.rank1.txt" 'rank 1 step 3' 500 || { echo "no step 3"; return; }
  mkdir -p $CG; echo "$DEV 16384" > $CG/blkio.throttle.write_bps_device
  for p in $(c6_rank_pids 1); do echo "$p" > $CG/cgroup.procs; done
  echo "$(date -u +%T) planted: rank 1 pid(s) $(cat $CG/cgroup.procs | tr '\n' ' ') in $CG, write_bps $(cat $CG/blkio.throttle.write_bps_device)"
  local k; for k in $(seq 1 30); do sleep 10; [ -d $CG ] || break
    echo "$(date -u +%T) rank 1 last line: $(tail -n 1 "$d/job.rank1.txt"); written $(grep -h "^$DEV Write" $CG/blkio.throttle.io_service_bytes); $(for p in $(cat $CG/cgroup.procs); do echo "pid $p $(grep State /proc/$p/status | tr -s '\t ' ' ') wchan $(cat /proc/$p/wchan)"; done)"
    grep -q 'rank 1 done' "$d/job.rank1.txt" && break; done; }
truefix() { echo "truefix: on node1 echo '$DEV 0' > $CG/blkio.throttle.write_bps_device"; echo "$DEV 0" > $CG/blkio.throttle.write_bps_device; echo "rc=$? now: $(cat $CG/blkio.throttle.write_bps_device)"; }
if [ "${PHASE:-}" = job ]; then ( c6_wait_log out-bare/job.rank1.txt 'rank 1 step 3' 500; sleep 100; echo "bare: harness applies the manifest fix after 100 s"; truefix; ) >> bare-truefix.txt 2>&1 & BG+=($!); fi
BARE_LIMIT=${BARE_LIMIT:-400} c6_wmain ckptslow
