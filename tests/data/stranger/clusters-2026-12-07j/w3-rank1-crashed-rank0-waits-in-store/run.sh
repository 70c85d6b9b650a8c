#!/bin/bash
# w3: at step 4 every rank opens its resume manifest RESUME_DIR/rank<r>.json and reports it through the job's
# TCPStore; rank 0 then waits (store wait) for every rank's report. node1's copy of rank1.json is missing: rank 1
# dies with a FileNotFoundError traceback (exit status 1); rank 0 waits in the store for a key that will never be
# set (its timeout is the job's, 1800 s). Gloo never notices (no collective is pending).
# Fix: put rank1.json on node1 ($RUN/resume.1/rank1.json, e.g. copied from the checkpoint) and restart the job
# (TRUEFIX=1 does that for a rerun); the running rank 0 cannot recover and must be stopped.
cd "$(dirname "$0")"; P=c11g; . ../lib.sh; . ../watchlib.sh; export RUN
c6_switch c11br0
HOSTADDR[0]=198.19.116.10; HOSTADDR[1]=198.19.116.11
c6_node 0 c11eth0 198.19.116.10/24
c6_node 1 c11eth0 198.19.116.11/24
c6_hosts_default
mkdir -p "$RUN/resume.0" "$RUN/resume.1"; echo '{"step": 4, "shard": 0}' > "$RUN/resume.0/rank0.json"
[ "${TRUEFIX:-}" = 1 ] && echo '{"step": 4, "shard": 1}' > "$RUN/resume.1/rank1.json"                 # the fix (rerun)
for i in 0 1; do printf 'export STEP_SLEEP=2\nexport RESUME_DIR=%s\n' "$RUN/resume.$i" >> "$RUN/env.$i"; done
ls -R "$RUN/resume.0" "$RUN/resume.1"
truefix() { echo "truefix: on node1 create $RUN/resume.1/rank1.json; the job must be restarted (stopping rank 0)"; echo '{"step": 4, "shard": 1}' > "$RUN/resume.1/rank1.json"; c6_kill_python; }
if [ "${PHASE:-}" = job ] && [ "${TRUEFIX:-}" != 1 ]; then ( c6_wait_log out-bare/job.rank1.txt 'rank 1 step 3' 500; sleep 60; echo "bare: after 60 s: rank 0 still waiting? $(tail -n 1 out-bare/job.rank0.txt)"; ) >> bare-truefix.txt 2>&1 & BG+=($!); fi
[ "${TRUEFIX:-}" = 1 ] && [ "${PHASE:-}" = job ] && { rm -rf out-bare-truefix; mkdir out-bare-truefix; JOB_TIMEOUT=60 JOB_LIMIT=200 c6_job out-bare-truefix resume; exit; }
BARE_LIMIT=${BARE_LIMIT:-130} c6_wmain resume
