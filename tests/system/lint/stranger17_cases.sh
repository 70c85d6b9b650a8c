#!/usr/bin/env bash
# Issue 27: the seventeenth stranger's run (tests/data/stranger/fix-2026-12-07n), its fixes that broke
# the job. p08: `dist.barrier()` after `if dist.get_rank() != 0: return` (rank 0 saves, the others
# should wait for the file): the printed fix put the barrier where it already was; now --fix keeps the
# save under `== 0` and the barrier on every rank after it; a real 2-rank Gloo job fails before
# (rank 1's load fails, or rank 0's barrier loses its departed peer) and passes after. c09 (clean): MASTER_HOST, read by `$(MASTER_HOST)` in the next
# env entry, was "not a variable anything reads" with a rename that left the reference literal: now
# quiet. p15: the same reference to an entry defined below it (Kubernetes leaves it literal): found
# (lint.k8s.env-ref-order), --fix applied, PyYAML reads it and a Kubernetes-style $(VAR) expansion
# (the stranger's k8s_expand.py, written from the EnvVar API docs) gives torchrun the endpoint.
# Usage: stranger17_cases.sh DISTDOCTOR SOURCE_DIR CASE
set -u
dd=$1 src=$2 case=$3
py=/usr/bin/python3
set17=$src/tests/data/stranger/fix-2026-12-07n
cases=$set17/cases
. "$(dirname "${BASH_SOURCE[0]}")/../scratch_dir.sh"
make_scratch dd-stranger17
fail() { echo "FAIL [$case]: $*" >&2; exit 1; }

. "$(dirname "$0")/stranger_lib.sh"

ids() { $py -c 'import json,sys; print("\n".join(f["id"] for f in json.load(open(sys.argv[1]))["findings"]))' "$tmp/out"; }
# job FILE: a 2-rank Gloo job of FILE on this machine (deadline 60 s); status in job_rc
job() {
  # a port the kernel hands out free now (a fixed formula collides with the other stranger scripts under -j2)
  local port r
  port=$($py -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  for r in 0 1; do
    MASTER_ADDR=127.0.0.1 MASTER_PORT=$port RANK=$r WORLD_SIZE=2 GLOO_SOCKET_IFNAME=lo TMPDIR=$tmp \
      timeout 60 $py "$1" >"$tmp/rank$r.log" 2>&1 &
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
p08-early-return)
  cp "$cases/p08_early_return.py" "$tmp/train.py"
  job "$tmp/train.py"
  [ "$job_rc" != 0 ] || fail "the job before the fix passed: $(cat "$tmp"/rank*.log)"
  # rank 1 loads before rank 0 wrote the file (FileNotFoundError) or while it writes it (EOFError, a short
  # pickle), or it loads the finished file and leaves, and rank 0's barrier loses its peer: the job fails
  grep -qE 'FileNotFoundError|EOFError|UnpicklingError|PytorchStreamReader|Connection closed by peer' \
    "$tmp"/rank*.log || fail "before: not one of the failures expected: $(cat "$tmp"/rank*.log)"
  rm -f "$tmp"/*.pt
  run lint --json "$tmp/train.py"
  has lint.torch.collective-under-rank-branch || fail "not found: $(ids)"
  run lint --fix "$tmp/train.py"
  grep -Pzq '    if dist\.get_rank\(\) == 0:\n        torch\.save\(model\.state_dict\(\), path\)\n    dist\.barrier\(\)' \
    "$tmp/train.py" || fail "not the fix expected: $(cat "$tmp/train.py")"
  $py -c 'import ast,sys; ast.parse(open(sys.argv[1]).read())' "$tmp/train.py" || fail "fixed file does not parse"
  job "$tmp/train.py"
  [ "$job_rc" = 0 ] || fail "the fixed job failed (rc $job_rc): $(cat "$tmp"/rank*.log)"
  for r in 0 1; do grep -q "rank $r loaded" "$tmp/rank$r.log" || fail "rank $r: $(cat "$tmp/rank$r.log")"; done
  run lint --json "$tmp/train.py"
  has lint.torch.collective-under-rank-branch && fail "still reported after the fix: $(ids)"
  echo "p08: the load fails before; after --fix both ranks load the checkpoint"
  ;;
c09-env-reference)
  cp "$cases/c09_k8s_env_ref_ok.yaml" "$tmp/job.yaml"
  run lint --json "$tmp/job.yaml"
  [ "$rc" = 0 ] || fail "lint exit $rc on a clean file: $(ids)"
  has env.unknown-name && fail "MASTER_HOST is read by \$(MASTER_HOST): $(ids)"
  $py "$set17/k8s_expand.py" "$tmp/job.yaml" >"$tmp/argv" || fail "k8s_expand: $(cat "$tmp/argv")"
  grep -q -- "--rdzv_endpoint=ddp-train-0.ddp-train:29400" "$tmp/argv" || fail "the clean file's endpoint: $(cat "$tmp/argv")"
  echo "c09: quiet; the endpoint expands to ddp-train-0.ddp-train:29400"
  ;;
p15-env-order)
  cp "$cases/p15_k8s_env_order.yaml" "$tmp/job.yaml"
  $py "$set17/k8s_expand.py" "$tmp/job.yaml" >"$tmp/argv.before" || fail "k8s_expand"
  grep -qF -- '--rdzv_endpoint=$(MASTER_HOST):29400' "$tmp/argv.before" || fail "before: $(cat "$tmp/argv.before")"
  run lint --json "$tmp/job.yaml"
  has lint.k8s.env-ref-order || fail "not found: $(ids)"
  has env.unknown-name && fail "MASTER_HOST is read by \$(MASTER_HOST): $(ids)"
  run lint --fix "$tmp/job.yaml"
  $py -c 'import yaml,sys; list(yaml.safe_load_all(open(sys.argv[1])))' "$tmp/job.yaml" || fail "PyYAML: $(cat "$tmp/job.yaml")"
  $py "$set17/k8s_expand.py" "$tmp/job.yaml" >"$tmp/argv" || fail "k8s_expand: $(cat "$tmp/argv")"
  grep -q -- "--rdzv_endpoint=ddp-train-0.ddp-train:29400" "$tmp/argv" || fail "after --fix: $(cat "$tmp/argv")"
  run lint --json "$tmp/job.yaml"
  [ "$rc" = 0 ] || fail "lint after --fix exit $rc: $(ids)"
  echo "p15: literal \$(MASTER_HOST) before; after --fix the endpoint is ddp-train-0.ddp-train:29400"
  ;;
*) fail "unknown case" ;;
esac
