#!/usr/bin/env bash
# Issue 27 (fix-2026-12-06k p12, p16, p17): three lint fixes applied, then the job run for real (torch's
# Gloo with /usr/bin/python3 on this machine, torchrun's c10d rendezvous on 127.0.0.1, two ranks).
#   p12: init_process_group(timeout=1800) stops every rank ("Expected timeout argument ..."); after
#        lint --fix (lint.torch.timeout-not-timedelta) both ranks all_reduce and print "sum 2.0".
#   p16: torchrun --rdzv_conf join_timeout=30m stops the agent (get_as_int's ValueError); after lint
#        --fix (lint.torch.rdzv-conf-not-seconds) the same launch runs the fixed p12 script to the end.
#   p17: RUN_ID=$RANDOM; torchrun --nnodes=2 --rdzv_id=$RUN_ID, started as two agents: no rank runs
#        in 60 s; with lint.torch.rdzv-id-per-node's --rdzv_id (one word filled in) both ranks run.
# Usage: fix50_jobs.sh DISTDOCTOR DATA_DIR (tests/data/lint)
set -euo pipefail
dd=$(realpath "$1") data=$(realpath "$2")
py=/usr/bin/python3
fail() { echo "FAIL: $*" >&2; exit 1; }
. "$(dirname "${BASH_SOURCE[0]}")/../scratch_dir.sh"
make_scratch dd-fix50
WORK=$tmp
$py -c 'import torch.distributed.run' || fail "needs torch for /usr/bin/python3"
mkdir -p "$WORK/bin"
# Debian 12's torchrun (torch 1.13 on Python 3.11) crashes on its own default --redirects/--tee
# (preflight/run_case.sh): the stand-in passes them explicitly, then the file's own flags.
printf '#!/bin/sh\nexec %s -m torch.distributed.run --redirects 0:2,1:2 --tee 0:2,1:2 "$@"\n' "$py" > "$WORK/bin/torchrun"
chmod +x "$WORK/bin/torchrun"
export PATH="$WORK/bin:$PATH" GLOO_SOCKET_IFNAME=lo BACKEND=gloo
port() { echo $((20000 + RANDOM % 20000)); }
ids() { (cd "$WORK" && "$dd" lint --no-config --json "$1" || [[ $? == 1 ]]) | jq -r '.findings[].id'; }
fix() { (cd "$WORK" && "$dd" lint --no-config --fix "$1" 2>/dev/null) || [[ $? == 1 ]]; }
cp "$data/roundtrip/timeout_int.py" "$WORK/train.py"
cp "$data/roundtrip/rdzv_conf_minutes.sh" "$WORK/launch.sh"
# torchrun with the c10d rendezvous, as launch.sh writes it, minus the join_timeout (p12 alone)
run_plain() {
  timeout 120 torchrun --nnodes=1 --nproc_per_node=2 --rdzv_backend=c10d \
    --rdzv_endpoint=127.0.0.1:$(port) --rdzv_id=fix50 "$WORK/train.py" > "$1" 2>&1
}

# --- p12 ---
ids train.py | grep -qx lint.torch.timeout-not-timedelta || fail "p12: not found"
run_plain "$WORK/p12.before" && fail "p12: the job with timeout=1800 passed: $(cat "$WORK/p12.before")"
grep -q "Expected timeout argument to be of type" "$WORK/p12.before" ||
  fail "p12: not torch's type error: $(tail -20 "$WORK/p12.before")"
fix train.py
grep -q "timeout=datetime.timedelta(seconds=1800)" "$WORK/train.py" || fail "p12: not applied: $(cat "$WORK/train.py")"
run_plain "$WORK/p12.after" || fail "p12: the fixed job failed: $(tail -20 "$WORK/p12.after")"
[[ $(grep -oE 'rank [01] sum 2.0' "$WORK/p12.after" | sort -u | wc -l) == 2 ]] ||
  fail "p12: not 2 ranks summing 2.0: $(cat "$WORK/p12.after")"
ids train.py | grep -qx lint.torch.timeout-not-timedelta && fail "p12: still reported"

# --- p16 (runs the fixed train.py) ---
ids launch.sh | grep -qx lint.torch.rdzv-conf-not-seconds || fail "p16: not found"
PORT=$(port) SCRIPT="$WORK/train.py" timeout 120 bash "$WORK/launch.sh" > "$WORK/p16.before" 2>&1 &&
  fail "p16: join_timeout=30m passed: $(cat "$WORK/p16.before")"
grep -q "does not represent a valid integer value" "$WORK/p16.before" ||
  fail "p16: not torchrun's ValueError: $(tail -20 "$WORK/p16.before")"
fix launch.sh
grep -q -- "--rdzv_conf join_timeout=1800 " "$WORK/launch.sh" || fail "p16: not applied: $(cat "$WORK/launch.sh")"
PORT=$(port) SCRIPT="$WORK/train.py" timeout 120 bash "$WORK/launch.sh" > "$WORK/p16.after" 2>&1 ||
  fail "p16: the fixed launch failed: $(tail -20 "$WORK/p16.after")"
[[ $(grep -oE 'rank [01] sum 2.0' "$WORK/p16.after" | sort -u | wc -l) == 2 ]] ||
  fail "p16: not 2 ranks summing 2.0: $(cat "$WORK/p16.after")"
ids launch.sh | grep -qx lint.torch.rdzv-conf-not-seconds && fail "p16: still reported"

# --- p17: the stranger's file, started twice as two "nodes" of one machine (one rank each) ---
stranger=$(realpath "$data/../stranger/fix-2026-12-06k/cases/p17_rdzv_id_random.sh")
fixtext=$( (cd "$WORK" && "$dd" lint --no-config --json "$stranger" || [[ $? == 1 ]]) |
  jq -r '.findings[] | select(.id == "lint.torch.rdzv-id-per-node") | .fix.text')
[[ $fixtext == "--rdzv_id=RUN_NAME  # one word, the same on every node"* ]] || fail "p17: the fix: $fixtext"
two_nodes() {  # two_nodes SCRIPT OUT: SCRIPT run as each of two agents at once, 60 s at most
  local p pids=() n
  p=$(port)
  sed "s|node01:29400|127.0.0.1:$p|; s|--nproc_per_node=8|--nproc_per_node=1|; s| train.py| $WORK/train.py|" "$1" > "$1.run"
  for n in 0 1; do timeout 60 bash "$1.run" > "$2.$n" 2>&1 & pids+=($!); done
  wait "${pids[0]}" || true; wait "${pids[1]}" || true  # timeout ends each agent's whole process group
}
cp "$stranger" "$WORK/p17.sh"
two_nodes "$WORK/p17.sh" "$WORK/p17.before"
grep -q 'sum 2.0' "$WORK"/p17.before.[01] && fail "p17: ranks ran with two ids: $(cat "$WORK"/p17.before.[01])"
grep -q "run id" "$WORK/p17.before.0" || fail "p17: the script did not start: $(cat "$WORK/p17.before.0")"
# the fix as printed, RUN_NAME filled in with one word
sed "s|--rdzv_id=\$RUN_ID|${fixtext%%  #*}|; s|RUN_NAME|fix50-p17|" "$stranger" > "$WORK/p17.fixed.sh"
grep -q -- "--rdzv_id=fix50-p17 " "$WORK/p17.fixed.sh" || fail "p17: not applied: $(cat "$WORK/p17.fixed.sh")"
two_nodes "$WORK/p17.fixed.sh" "$WORK/p17.after"
[[ $(cat "$WORK"/p17.after.[01] | grep -oE 'rank [01] sum 2.0' | sort -u | wc -l) == 2 ]] ||
  fail "p17: not 2 ranks summing 2.0 with one id: $(cat "$WORK"/p17.after.[01])"
(cd "$WORK" && "$dd" lint --no-config --json p17.fixed.sh || [[ $? == 1 ]]) | jq -r '.findings[].id' |
  grep -qx lint.torch.rdzv-id-per-node && fail "p17: still reported after the fix"
echo PASS
