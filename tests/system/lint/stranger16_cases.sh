#!/usr/bin/env bash
# Issue 27: the sixteenth stranger's run (tests/data/stranger/fix-2026-12-06m), its misses as rules,
# each fix applied as a user applies it (lint --fix on a copy; env --export through bash), then checked
# by what reads it for real:
#   p02  `export RANK=$SLURM_PROCID` / LOCAL_RANK in the batch shell above `srun python train.py`: a
#        stand-in srun (2 tasks on this machine, SLURM_PROCID 0 and 1, the batch shell's exported
#        environment) runs a real 2-rank Gloo job: both tasks get RANK 0 and it fails within 60 s; after
#        --fix (the assignments inside `srun bash -c '...'`) both ranks sum 2.
#   p03  MASTER_ADDR from `tail -n 1`, rank 0 on the first node: bash evaluates it (a stand-in scontrol
#        listing node01 node02): node02 before, node01 (the first node) after --fix.
#   p04  MASTER_ADDR=$(hostname -I): bash runs the real hostname -I here and a stand-in srun prints the
#        torchrun words: the endpoint is not one word before; after --fix it is `node01:29500`.
#   p21  horovodrun -H without :N: --fix gives each host its slots; lint again OK.
#   p11  accelerate config main_process_ip: 127.0.0.1 with num_machines: 2: the printed line pasted
#        (RANK0_HOST given), PyYAML reads the host, lint OK; num_machines: 1 stays quiet.
#   p15, p16 (.env): lint and env find them; env --export through bash; env and lint again quiet.
#   clean: c05 ($RANDOM once in the batch shell), c07 (IB off, no NCCL_NET), c11 (horovod hostfile)
#        and p03's `srun bash -c 'RANK=$SLURM_PROCID ...'` get none of the new findings.
# Usage: stranger16_cases.sh DISTDOCTOR SOURCE_DIR CASE
set -u
dd=$1 src=$2 case=$3
py=/usr/bin/python3
cases=$src/tests/data/stranger/fix-2026-12-06m/cases
. "$(dirname "${BASH_SOURCE[0]}")/../scratch_dir.sh"
make_scratch dd-stranger16
fail() { echo "FAIL [$case]: $*" >&2; exit 1; }

. "$(dirname "$0")/stranger_lib.sh"

ids() { $py -c 'import json,sys; print("\n".join(f["id"] for f in json.load(open(sys.argv[1]))["findings"]))' "$tmp/out"; }
# envrun FILE PRELUDE ARGS: distdoctor env ARGS in a clean shell that sourced FILE, then ran PRELUDE
envrun() { env -i PATH=/usr/bin:/bin bash -c "set -a; . '$1'; set +a; $2 \"\$@\"" _ "$dd" env "${@:3}"; }
# env_case FILE ID NAME WANT: lint and env find ID; env --export through bash gives NAME the value WANT
# (unset: ""), env again is quiet about ID; lint --fix on the file, bash sources it, lint says OK
env_case() {
  local file=$1 id=$2 name=$3 want=$4 value
  run lint --json "$file"
  [ "$rc" = 1 ] && has "$id" || fail "lint (exit $rc): $(ids)"
  envrun "$file" "" --json >"$tmp/env.json" 2>/dev/null
  grep -q "\"$id\"" "$tmp/env.json" || fail "env before: $(cat "$tmp/env.json")"
  envrun "$file" "" --export >"$tmp/export.sh" 2>/dev/null
  bash -n "$tmp/export.sh" || fail "export lines: $(cat "$tmp/export.sh")"
  value=$(env -i PATH=/usr/bin:/bin bash -c "set -a; . '$file'; set +a; . '$tmp/export.sh'; printf %s \"\${$name-}\"")
  [ "$value" = "$want" ] || fail "after the export lines: $name=[$value] $(cat "$tmp/export.sh")"
  envrun "$file" ". '$tmp/export.sh';" --json >"$tmp/env.json" 2>/dev/null
  grep -q "\"$id\"" "$tmp/env.json" && fail "env after: $(cat "$tmp/env.json")"
  run lint --fix "$file"
  bash -n "$file" || fail "bash -n: $(cat "$file")"
  value=$(env -i PATH=/usr/bin:/bin bash -c "set -a; . '$file'; set +a; printf %s \"\${$name-}\"")
  [ "$value" = "$want" ] || fail "after --fix: $name=[$value] $(cat "$file")"
  run lint --json "$file"
  [ "$rc" = 0 ] && ! has "$id" || fail "relint (exit $rc): $(ids)"
}
new_ids='lint.slurm.task-variable-in-batch-shell|lint.launch.master-addr-all-addresses|lint.slurm.master-addr-last-node|lint.launch.np-exceeds-slots|env.nccl.ib-retry-cnt-range|env.nccl.net-ib-disabled'

case $case in
hold)
  # for system.fix.stranger-killed-cleanup: print the folder, then wait to be killed
  echo "$tmp"
  sleep 60
  ;;
p02-rank-export-batch)
  cp "$cases/p02_rank_export_batch.sbatch" "$tmp/launch.sbatch"
  cat >"$tmp/train.py" <<'PY'
import os, torch, torch.distributed as dist
dist.init_process_group("gloo", init_method="env://")
t = torch.ones(1); dist.all_reduce(t)
print(f"rank {dist.get_rank()} env RANK {os.environ['RANK']} sum {t.item():.0f}", flush=True)
dist.destroy_process_group()
PY
  mkdir -p "$tmp/bin"
  printf '#!/bin/bash\necho 127.0.0.1\n' >"$tmp/bin/scontrol"
  printf '#!/bin/bash\nexec %s "$@"\n' "$py" >"$tmp/bin/python"
  cat >"$tmp/bin/srun" <<'SRUN'
#!/bin/bash
# 2 tasks on this machine, each with its own SLURM_PROCID/SLURM_LOCALID and the batch shell's exported env
while [ $# -gt 0 ] && [ "${1#-}" != "$1" ]; do shift; done
for r in 0 1; do SLURM_PROCID=$r SLURM_LOCALID=$r GLOO_SOCKET_IFNAME=lo timeout 60 "$@" & done
rc=0; for r in 0 1; do wait -n || rc=$?; done; exit $rc
SRUN
  chmod +x "$tmp/bin/"*
  # the batch shell: the batch step's one task (SLURM_PROCID 0), 2 tasks in the job
  batch_run() {
    (cd "$tmp" && env -i PATH="$tmp/bin:/usr/bin:/bin" HOME="$tmp" SLURM_PROCID=0 SLURM_LOCALID=0 SLURM_NTASKS=2 \
      SLURM_JOB_NODELIST=node01 bash launch.sbatch) >"$tmp/job.log" 2>&1
  }
  # a free port of this machine's for the store; train.py reads no arguments (its --backend nccl is not used)
  sed -i "s/MASTER_PORT=29500/MASTER_PORT=$((20000 + $$ % 20000))/" "$tmp/launch.sbatch"
  batch_run && fail "the input should fail (both tasks RANK 0): $(cat "$tmp/job.log")"
  echo "--- before:"; tail -3 "$tmp/job.log"
  run lint --json "$tmp/launch.sbatch"
  [ "$rc" = 1 ] && has lint.slurm.task-variable-in-batch-shell || fail "lint (exit $rc): $(ids)"
  roundtrip "$tmp/launch.sbatch" lint.slurm.task-variable-in-batch-shell
  bash -n "$tmp/launch.sbatch" || fail "bash -n: $(cat "$tmp/launch.sbatch")"
  grep -qF "srun bash -c 'RANK=\$SLURM_PROCID LOCAL_RANK=\$SLURM_LOCALID exec python train.py --backend nccl --init-method env://'" "$tmp/launch.sbatch" ||
    fail "the edit: $(cat "$tmp/launch.sbatch")"
  batch_run || fail "after the fix: $(cat "$tmp/launch.sbatch" "$tmp/job.log")"
  grep -q 'rank 0 env RANK 0 sum 2' "$tmp/job.log" && grep -q 'rank 1 env RANK 1 sum 2' "$tmp/job.log" ||
    fail "after the fix, not both ranks: $(cat "$tmp/job.log")"
  ;;
p03-master-tail)
  cp "$cases/p03_master_tail.sbatch" "$tmp/launch.sbatch"
  mkdir -p "$tmp/bin"
  printf '#!/bin/bash\nprintf "node01\\nnode02\\n"\n' >"$tmp/bin/scontrol"
  printf '#!/bin/bash\necho "MASTER_ADDR=$MASTER_ADDR"\n' >"$tmp/bin/srun"
  chmod +x "$tmp/bin/"*
  addr() { env -i PATH="$tmp/bin:/usr/bin:/bin" SLURM_JOB_NODELIST='node[01-02]' bash "$tmp/launch.sbatch"; }
  [ "$(addr)" = MASTER_ADDR=node02 ] || fail "before: $(addr)"
  run lint --json "$tmp/launch.sbatch"
  has lint.slurm.task-variable-in-batch-shell && fail "srun bash -c 'RANK=\$SLURM_PROCID ...' is per task: $(ids)"
  roundtrip "$tmp/launch.sbatch" lint.slurm.master-addr-last-node
  [ "$(addr)" = MASTER_ADDR=node01 ] || fail "after --fix: $(addr) $(cat "$tmp/launch.sbatch")"
  ;;
p04-hostname-all)
  cp "$cases/p04_hostname_I.sbatch" "$tmp/launch.sbatch"
  mkdir -p "$tmp/bin"
  printf '#!/bin/bash\necho node01\n' >"$tmp/bin/scontrol"
  printf '#!/bin/bash\nprintf "argv:%%s\\n" "$@"\n' >"$tmp/bin/srun"
  chmod +x "$tmp/bin/"*
  words() { env -i PATH="$tmp/bin:/usr/bin:/bin" SLURM_JOB_NODELIST=node01 SLURM_JOB_ID=7 bash "$tmp/launch.sbatch"; }
  [ -n "$(hostname -I)" ] || fail "hostname -I prints nothing here"
  words | grep -qx 'argv:--rdzv_endpoint=[^ ]*:29500' && fail "before: the endpoint is one word: $(words)"
  run lint --json "$tmp/launch.sbatch"
  [ "$rc" = 1 ] || fail "lint (exit $rc): $(ids)"
  roundtrip "$tmp/launch.sbatch" lint.launch.master-addr-all-addresses
  words | grep -qx 'argv:--rdzv_endpoint=node01:29500' || fail "after --fix: $(words) $(cat "$tmp/launch.sbatch")"
  [ "$(words | grep -c '^argv:')" = 7 ] || fail "after --fix, the words: $(words)"
  ;;
p21-horovod-hosts)
  cp "$cases/p21_horovodrun_no_slots.sh" "$tmp/run.sh"
  run lint --json "$tmp/run.sh"
  [ "$rc" = 1 ] || fail "lint (exit $rc): $(ids)"
  fix_text lint.launch.np-exceeds-slots | grep -qF 'node1:4,node2:4' || fail "fix: $(fix_text lint.launch.np-exceeds-slots)"
  roundtrip "$tmp/run.sh" lint.launch.np-exceeds-slots
  grep -q -- '-np 8 -H node1:4,node2:4 --network-interfaces eth0' "$tmp/run.sh" || fail "the edit: $(cat "$tmp/run.sh")"
  bash -n "$tmp/run.sh" || fail "bash -n: $(cat "$tmp/run.sh")"
  run lint --json "$tmp/run.sh"
  [ "$rc" = 0 ] || fail "relint (exit $rc): $(ids)"
  ;;
p15-ib-retry)
  cp "$cases/p15_ib_retry.env" "$tmp/cluster.env"
  env_case "$tmp/cluster.env" env.nccl.ib-retry-cnt-range NCCL_IB_RETRY_CNT 7
  ;;
p16-net-ib-disabled)
  cp "$cases/p16_net_ib_disabled.env" "$tmp/cluster.env"
  env_case "$tmp/cluster.env" env.nccl.net-ib-disabled NCCL_NET Socket
  value=$(env -i PATH=/usr/bin:/bin bash -c "set -a; . '$tmp/cluster.env'; printf %s \"\$NCCL_IB_DISABLE \$NCCL_SOCKET_IFNAME\"")
  [ "$value" = "1 ens1f0" ] || fail "the other settings after --fix: [$value] $(cat "$tmp/cluster.env")"
  ;;
p11-accelerate-config)
  cp "$cases/p11_accelerate_config.yaml" "$tmp/default_config.yaml"
  run lint --json "$tmp/default_config.yaml"
  [ "$rc" = 1 ] && has lint.launch.master-addr-localhost || fail "lint (exit $rc): $(ids)"
  printed=$(fix_text lint.launch.master-addr-localhost)
  [[ $printed == "main_process_ip: RANK0_HOST  # "* ]] || fail "fix: $printed"
  # the printed line pasted over line 7, RANK0_HOST given as it says (the machine_rank 0 host)
  line=${printed/RANK0_HOST/node01}
  sed -i "7c\\$line" "$tmp/default_config.yaml"
  $py -c 'import sys, yaml; d = yaml.safe_load(open(sys.argv[1])); assert d["main_process_ip"] == "node01" and d["num_machines"] == 2, d' \
    "$tmp/default_config.yaml" || fail "PyYAML: $(cat "$tmp/default_config.yaml")"
  run lint --json "$tmp/default_config.yaml"
  [ "$rc" = 0 ] || fail "relint (exit $rc): $(ids)"
  # one machine: loopback is right
  sed -e 's/^num_machines: 2/num_machines: 1/' -e 's/^num_processes: 16/num_processes: 8/' \
    "$cases/p11_accelerate_config.yaml" >"$tmp/one.yaml"
  run lint --json "$tmp/one.yaml"
  [ "$rc" = 0 ] || fail "one machine (exit $rc): $(ids)"
  ;;
clean-lookalikes)
  for f in c05_master_port_random.sbatch c07_ipoib.env c11_horovod_hostfile.sh p03_master_tail.sbatch; do
    cp "$cases/$f" "$tmp/$f"
    run lint --json "$tmp/$f"
    got=$(ids | grep -E "^($new_ids)\$" | grep -v '^lint.slurm.master-addr-last-node$')
    [ -z "$got" ] || fail "$f: $got"
  done
  for f in c05_master_port_random.sbatch c11_horovod_hostfile.sh; do
    run lint --json "$tmp/$f"
    [ "$rc" = 0 ] || fail "$f (exit $rc): $(ids)"
  done
  ;;
*)
  fail "unknown case"
  ;;
esac
echo "ok [$case]"
