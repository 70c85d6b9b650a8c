#!/usr/bin/env bash
# Issue 27: the fifteenth stranger's run (tests/data/stranger/fix-2026-12-06l). c02: an all_reduce on a
# group whose only member is rank 0, under `if rank == 0:`, was an ERROR although the real job exits 0
# (a rank outside a group skips a collective on it); p07, new_group itself only on rank 0, hangs and
# must stay found, with its --fix applied and the job run again; p03, MASTER_ADDR/MASTER_PORT assigned
# without export above `srun python train.py` (env://), found, --fix applied, and a stand-in srun (a
# child of the batch shell, so it sees only what the shell exports, as srun's tasks do) starts 2 tasks.
# Real 2-rank Gloo jobs (/usr/bin/python3).
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
hold)
  # for system.fix.stranger-killed-cleanup: print the folder, then wait to be killed
  echo "$tmp"
  sleep 60
  ;;
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
p03-assigned-not-exported)
  cp -r "$cases/p03_master_addr_not_exported" "$tmp/job"
  # CPU stand-in of the GPU script: Gloo, no CUDA calls
  sed -i -e 's/"nccl"/"gloo"/' -e '/torch.cuda.set_device/d' -e 's/, device="cuda"//' "$tmp/job/train.py"
  mkdir -p "$tmp/bin"
  printf '#!/bin/bash\necho 127.0.0.1\n' >"$tmp/bin/scontrol"
  printf '#!/bin/bash\nexec %s "$@"\n' "$py" >"$tmp/bin/python"
  cat >"$tmp/bin/srun" <<'SRUN'
#!/bin/bash
# 2 tasks on this machine with the environment srun gives them: this process's (exported) one
# (each task's output in a file of its own: two tasks printing at once interleave in one file)
for r in 0 1; do SLURM_PROCID=$r SLURM_NTASKS=2 SLURM_LOCALID=0 GLOO_SOCKET_IFNAME=lo timeout 60 "$@" >"task$r.out" 2>&1 & done
rc=0; for r in 0 1; do wait -n || rc=$?; done; exit $rc
SRUN
  chmod +x "$tmp/bin/"*
  batch_run() { (cd "$tmp/job" && PATH="$tmp/bin:/usr/bin:/bin" SLURM_JOB_NODELIST=node01 bash launch.sbatch) >"$tmp/job.log" 2>&1; }
  batch_run && fail "the input should stop: $(cat "$tmp/job.log")"
  grep -q 'environment variable MASTER_ADDR expected, but not set' "$tmp"/job/task*.out ||
    fail "before: $(cat "$tmp/job.log" "$tmp"/job/task*.out)"
  run lint --json "$tmp/job"
  [ "$rc" = 1 ] && has lint.slurm.assigned-not-exported || fail "lint (exit $rc): $(ids)"
  has lint.launch.env-init-unset && fail "a second finding for the same cause: $(ids)"
  run lint --fix "$tmp/job"
  run lint --json "$tmp/job"
  [ "$rc" = 0 ] || fail "after --fix (exit $rc): $(ids)"
  bash -n "$tmp/job/launch.sbatch" || fail "bash -n: $(cat "$tmp/job/launch.sbatch")"
  batch_run || fail "after the fix: $(cat "$tmp/job/launch.sbatch" "$tmp/job.log")"
  grep -qx '0 2.0' "$tmp/job/task0.out" && grep -qx '1 2.0' "$tmp/job/task1.out" ||
    fail "ranks: $(cat "$tmp/job.log" "$tmp"/job/task*.out)"
  ;;
*) fail "unknown case" ;;
esac
echo "PASS [$case]"
