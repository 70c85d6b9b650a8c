#!/bin/bash
# w1: a breakpoint() left in the training script from debugging fires on rank 1 at step 4: pdb prints its prompt and
# reads rank 1's stdin, which is an open terminal-like stream (a FIFO the harness keeps open) that nobody types into.
# Rank 0 waits in step 4's all_reduce. Live fix: type `c` (continue) into rank 1's stdin; lasting: drop the
# breakpoint() or export PYTHONBREAKPOINT=0.
cd "$(dirname "$0")"; P=c9e; . ../lib.sh; . ../watchlib.sh; export RUN
c6_switch c9br0
HOSTADDR[0]=198.19.108.10; HOSTADDR[1]=198.19.108.11
c6_node 0 c9eth0 198.19.108.10/24
c6_node 1 c9eth0 198.19.108.11/24
c6_hosts_default
c6_stdin_fifo 1
truefix() { echo "truefix: typing 'c' into rank 1's stdin"; echo c > "$RUN/stdin.1"; }
if [ "${PHASE:-}" = job ]; then ( c6_wait_log out-bare/job.rank1.txt 'Pdb' 400; sleep 150; echo "bare: harness types c after 150 s of hang"; truefix ) & BG+=($!); fi
BARE_LIMIT=${BARE_LIMIT:-400} c6_wmain pdb
