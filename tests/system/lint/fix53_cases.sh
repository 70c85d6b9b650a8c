#!/usr/bin/env bash
# Issue 27: four causes the seventeenth stranger planted and lint missed (tests/data/stranger/
# fix-2026-12-07n), each found and its --fix applied as a user applies it, then checked by what reads
# it for real:
#   p01  MASTER_ADDR=$SLURM_JOB_NODELIST on 2 nodes: bash runs the batch file with a stand-in scontrol
#        (expands node[01-02]) and srun (prints torchrun's words): the endpoint is `node[01-02]:29500`
#        before, `node01:29500` after --fix.
#   p03  MASTER_PORT=$SLURM_JOB_ID with the job id 4123456: Python cannot bind the port bash computes
#        before (above 65535); after --fix it is 33456 and the bind succeeds.
#   p05  torchrun --rdzv_backend=static without --node_rank: two torchrun agents on this machine
#        (--nnodes=2, one process each, a real Gloo all_reduce) never form a job before; after --fix
#        (c10d) both finish with the sum 2.
#   p25  a Job reading $(JOB_COMPLETION_INDEX) without completionMode: Indexed: the stranger's
#        k8s_expand.py (Kubernetes' $(VAR) rules) leaves `--node_rank=$(JOB_COMPLETION_INDEX)` literal
#        before; after --fix PyYAML reads completionMode: Indexed and the rank expands.
# Usage: fix53_cases.sh DISTDOCTOR SOURCE_DIR CASE
set -u
dd=$1 src=$2 case=$3
py=/usr/bin/python3
set17=$src/tests/data/stranger/fix-2026-12-07n
cases=$set17/cases
. "$(dirname "${BASH_SOURCE[0]}")/../scratch_dir.sh"
make_scratch dd-fix53
fail() { echo "FAIL [$case]: $*" >&2; exit 1; }

. "$(dirname "$0")/stranger_lib.sh"

ids() { $py -c 'import json,sys; print("\n".join(f["id"] for f in json.load(open(sys.argv[1]))["findings"]))' "$tmp/out"; }

case $case in
hold)
  # for system.fix.stranger-killed-cleanup: print the folder, then wait to be killed
  echo "$tmp"
  sleep 60
  ;;
p01-node-list)
  cp "$cases/p01_master_nodelist.sbatch" "$tmp/launch.sbatch"
  mkdir -p "$tmp/bin"
  printf '#!/bin/bash\n[ "$1 $2" = "show hostnames" ] && [ "$3" = "node[01-02]" ] && printf "node01\\nnode02\\n"\n' \
    >"$tmp/bin/scontrol"
  printf '#!/bin/bash\nwhile [ "${1#-}" != "$1" ]; do shift; done\nprintf "argv:%%s\\n" "$@"\n' >"$tmp/bin/srun"
  chmod +x "$tmp/bin/"*
  words() { env -i PATH="$tmp/bin:/usr/bin:/bin" SLURM_JOB_NODELIST='node[01-02]' SLURM_JOB_ID=7 bash "$tmp/launch.sbatch"; }
  words | grep -qxF 'argv:--rdzv_endpoint=node[01-02]:29500' || fail "before: $(words)"
  roundtrip "$tmp/launch.sbatch" lint.slurm.master-addr-node-list
  bash -n "$tmp/launch.sbatch" || fail "bash -n: $(cat "$tmp/launch.sbatch")"
  words | grep -qxF 'argv:--rdzv_endpoint=node01:29500' || fail "after --fix: $(words) $(cat "$tmp/launch.sbatch")"
  echo "p01: the endpoint is node[01-02]:29500 before, node01:29500 after --fix"
  ;;
p03-port-jobid)
  cp "$cases/p03_port_jobid.sbatch" "$tmp/launch.sbatch"
  # the port the batch shell computes (its srun line replaced by a print of MASTER_PORT)
  port() {
    sed 's/^srun .*/echo "$MASTER_PORT"; exit 0/' "$tmp/launch.sbatch" >"$tmp/port.sh"
    env -i PATH=/usr/bin:/bin SLURM_JOB_ID=4123456 SLURM_JOB_NODELIST=node01 bash "$tmp/port.sh" 2>/dev/null | tail -n 1
  }
  bind() { $py -c 'import socket,sys; s = socket.socket(); s.bind(("127.0.0.1", int(sys.argv[1])))' "$1" 2>/dev/null; }
  [ "$(port)" = 4123456 ] || fail "before: port [$(port)]"
  bind 4123456 && fail "port 4123456 was bound"
  roundtrip "$tmp/launch.sbatch" lint.shell.port-out-of-range
  bash -n "$tmp/launch.sbatch" || fail "bash -n: $(cat "$tmp/launch.sbatch")"
  [ "$(port)" = 33456 ] || fail "after --fix: port [$(port)] $(cat "$tmp/launch.sbatch")"
  # the port can be taken by another test at this moment: the check is that it is a port Python accepts
  $py -c 'import socket; socket.getaddrinfo("127.0.0.1", 33456)' || fail "33456 is no port"
  echo "p03: the port is 4123456 before (no bind), 33456 after --fix"
  ;;
p05-static-rdzv)
  cat >"$tmp/train.py" <<'PY'
import torch, torch.distributed as dist
dist.init_process_group("gloo")
t = torch.ones(1); dist.all_reduce(t)
print(f"rank {dist.get_rank()} of {dist.get_world_size()} sum {t.item():.0f}", flush=True)
dist.destroy_process_group()
PY
  # Debian's torch.distributed.run (torch 1.13) needs its redirects given per rank on this python
  # (tests/system/lint/fix51_cases.sh): torchrun is that, with a deadline
  mkdir -p "$tmp/bin"
  printf '#!/bin/sh\nexec timeout 60 %s -m torch.distributed.run --redirects 0:2 --tee 0:2 "$@"\n' "$py" >"$tmp/bin/torchrun"
  chmod +x "$tmp/bin/torchrun"
  port=$($py -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  # the case's launch line on this machine: one process per node, the endpoint here, the tiny script
  sed -e 's/--nproc_per_node=8/--nproc_per_node=1/' -e "s/10.20.0.11:29500/127.0.0.1:$port/" \
    -e 's/train.py --epochs 10/train.py/' -e '/NCCL_SOCKET_IFNAME/d' \
    "$cases/p05_static_rdzv.sh" >"$tmp/launch.sh"
  grep -q -- '--rdzv_backend=static' "$tmp/launch.sh" || fail "setup: $(cat "$tmp/launch.sh")"
  nodes() {  # the launch file on two "nodes" of this machine at once
    local n rc=0
    for n in 0 1; do
      (cd "$tmp" && PATH="$tmp/bin:$PATH" GLOO_SOCKET_IFNAME=lo bash launch.sh >"$tmp/node$n.log" 2>&1) &
    done
    for n in 0 1; do wait -n || rc=$?; done
    return $rc
  }
  nodes && grep -q "sum 2" "$tmp"/node*.log && fail "before: the static rendezvous formed a job: $(cat "$tmp"/node*.log)"
  grep -q "AttributeError" "$tmp"/node*.log && fail "before: the launcher itself failed: $(cat "$tmp"/node*.log)"
  # both nodes are node 0: both start the rank-0 store on the endpoint's port, the second cannot
  grep -q "Address already in use" "$tmp"/node*.log || fail "before: not the two rank-0 stores: $(cat "$tmp"/node*.log)"
  echo "--- before:"; tail -n 2 "$tmp"/node*.log
  roundtrip "$tmp/launch.sh" lint.torch.static-rendezvous-no-node-rank
  grep -q -- '--rdzv_backend=c10d --rdzv_endpoint=127.0.0.1:' "$tmp/launch.sh" || fail "the edit: $(cat "$tmp/launch.sh")"
  nodes || fail "after --fix the job failed: $(cat "$tmp"/node*.log)"
  [ "$(cat "$tmp"/node*.log | grep -c 'sum 2')" = 2 ] || fail "after --fix: $(cat "$tmp"/node*.log)"
  echo "p05: no job before; after --fix (c10d) both nodes sum 2"
  ;;
p25-job-indexed)
  cp "$cases/p25_job_not_indexed.yaml" "$tmp/job.yaml"
  $py "$set17/k8s_expand.py" "$tmp/job.yaml" >"$tmp/argv.before" || fail "k8s_expand"
  grep -qF -- '--node_rank=$(JOB_COMPLETION_INDEX)' "$tmp/argv.before" || fail "before: $(cat "$tmp/argv.before")"
  roundtrip "$tmp/job.yaml" lint.k8s.job-not-indexed
  $py -c 'import yaml,sys; d = list(yaml.safe_load_all(open(sys.argv[1])))[1]; assert d["spec"]["completionMode"] == "Indexed" and d["spec"]["completions"] == 2, d["spec"]' \
    "$tmp/job.yaml" || fail "PyYAML: $(cat "$tmp/job.yaml")"
  $py "$set17/k8s_expand.py" "$tmp/job.yaml" >"$tmp/argv" || fail "k8s_expand: $(cat "$tmp/argv")"
  grep -qF -- "'--node_rank=0'" "$tmp/argv" || fail "after --fix: $(cat "$tmp/argv")"
  echo "p25: the node rank stays \$(JOB_COMPLETION_INDEX) before; after --fix the Job is Indexed and it expands"
  ;;
*) fail "unknown case" ;;
esac
