#!/usr/bin/env bash
# Issue 27: the fifteenth stranger's run (tests/data/stranger/fix-2026-12-06l). c02: an all_reduce on a
# group whose only member is rank 0, under `if rank == 0:`, was an ERROR although the real job exits 0
# (a rank outside a group skips a collective on it); p07, new_group itself only on rank 0, hangs and
# must stay found, with its --fix applied and the job run again. Real 2-rank Gloo jobs (/usr/bin/python3).
# Usage: stranger15_cases.sh DISTDOCTOR SOURCE_DIR CASE
set -u
dd=$1 src=$2 case=$3
py=/usr/bin/python3
cases=$src/tests/data/stranger/fix-2026-12-06l/cases
. "$(dirname "${BASH_SOURCE[0]}")/../scratch_dir.sh"
make_scratch dd-stranger15
fail() { echo "FAIL [$case]: $*" >&2; exit 1; }

. "$(dirname "$0")/stranger_lib.sh"

ids() { $py -c 'import json,sys; print("\n".join(f["id"] for f in json.load(open(sys.argv[1]))["findings"]))' "$tmp/out"; }
# job FILE [SECONDS]: a 2-rank Gloo job of FILE on this machine (deadline 60 s); status in job_rc
job() {
  local port=$((20000 + $$ % 20000)) r limit=${2:-60}
  for r in 0 1; do
    MASTER_ADDR=127.0.0.1 MASTER_PORT=$port RANK=$r WORLD_SIZE=2 GLOO_SOCKET_IFNAME=lo \
      timeout "$limit" $py "$1" >"$tmp/rank$r.log" 2>&1 &
  done
  job_rc=0
  for r in 0 1; do wait -n || job_rc=$?; done
}

case $case in
c02-member-only-group)
  cp "$cases/c02_new_group_all_ranks.py" "$tmp/train.py"
  run lint --json "$tmp/train.py"
  [ "$rc" = 0 ] || fail "lint exit $rc: $(ids)"
  has lint.torch.collective-under-rank-branch && fail "still an error: $(cat "$tmp/out")"
  job "$tmp/train.py"
  [ "$job_rc" = 0 ] || fail "the clean job should pass (rc $job_rc): $(cat "$tmp"/rank*.log)"
  grep -q 'rank 1: 1.0' "$tmp/rank1.log" || fail "rank 1: $(cat "$tmp/rank1.log")"
  ;;
p07-new-group-on-one-rank)
  cp "$cases/p07_new_group_rank0_only.py" "$tmp/train.py"
  job "$tmp/train.py" 15  # it hangs: rank 1 waits in barrier, rank 0 in new_group
  [ "$job_rc" = 0 ] && fail "the input should not pass: $(cat "$tmp"/rank*.log)"
  roundtrip "$tmp/train.py" lint.torch.collective-under-rank-branch
  names "$tmp/train.py"
  job "$tmp/train.py"
  [ "$job_rc" = 0 ] || fail "after the fix (rc $job_rc): $(cat "$tmp/train.py" "$tmp"/rank*.log)"
  ;;
*) fail "unknown case" ;;
esac
echo "PASS [$case]"
