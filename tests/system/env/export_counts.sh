#!/usr/bin/env bash
# `env --export-format torchrun|slurm|tf` on the seventh stranger's environments, applied as printed:
# the torchrun and sbatch scripts run with stand-ins for torchrun/srun/scontrol that record the
# argv torchrun gets (the job's size must be the checked environment's, or the script must stop
# and say what to set); each TF_CONFIG of the tf format is parsed by python's json and checked
# again by `distdoctor env`. Usage: export_counts.sh DISTDOCTOR CASES_DIR
set -euo pipefail

dd=${1:?usage: export_counts.sh DISTDOCTOR CASES_DIR}
cases=${2:?usage: export_counts.sh DISTDOCTOR CASES_DIR}
fail() { echo "FAIL: $*" >&2; exit 1; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# distdoctor env with exactly the variables of a .vars file (one NAME=value a line), then "$@"
run_vars() {
  local file=$1 vars=()
  shift
  mapfile -t vars < <(grep -v '^#' "$file" | grep .)
  timeout 30 env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent/dd-export-counts.conf "${vars[@]}" "$dd" env "$@" ||
    [[ $? == 1 ]]
}

mkdir -p "$WORK/bin"
printf '#!/bin/bash\nprintf "%%s\\n" "$@" > "$ARGV_OUT"\n' > "$WORK/bin/torchrun"
printf '#!/bin/bash\nprintf "node0\\nnode1\\n"\n' > "$WORK/bin/scontrol"
printf '#!/bin/bash\nexport SLURM_NNODES=2 SLURM_NODEID=0\nexec "$@"\n' > "$WORK/bin/srun"
chmod +x "$WORK/bin/"*

# Runs a printed script with only PATH (stand-ins first) and the given variables; sets $argv, $rc, $err.
run_script() {
  local script=$1
  shift
  : > "$WORK/argv"
  set +e
  err=$(timeout 20 env -i PATH="$WORK/bin:/usr/bin:/bin" ARGV_OUT="$WORK/argv" SLURM_JOB_NODELIST='node[0-1]' "$@" \
    bash "$script" 2>&1 >/dev/null)
  rc=$?
  set -e
  argv=$(cat "$WORK/argv")
}
has_arg() { grep -qxF -- "$1" <<<"$argv" || fail "$2: torchrun got no $1; argv: $argv; stderr: $err"; }

# c11: WORLD_SIZE=16, LOCAL_WORLD_SIZE=8, NNODES=2: 2 nodes x 8 processes, as printed. c11 is clean
# (nothing to change: no launch script); with one value to fix (NCCL_BUFFSIZE=4MB) the scripts are
# printed and must carry its counts.
{ cat "$cases/c11_torch_rank0.vars"; echo NCCL_BUFFSIZE=4MB; } > "$WORK/c11-buffsize.vars"
for fmt in torchrun slurm; do
  run_vars "$cases/c11_torch_rank0.vars" --export-format "$fmt" > "$WORK/c11-clean.$fmt"
  grep -q '^# distdoctor: nothing to change' "$WORK/c11-clean.$fmt" || fail "c11 $fmt: $(cat "$WORK/c11-clean.$fmt")"
  run_vars "$WORK/c11-buffsize.vars" --export-format "$fmt" > "$WORK/c11.$fmt"
  bash -n "$WORK/c11.$fmt" || fail "c11 $fmt: bash -n"
done
grep -qxF '#SBATCH --nodes=2' "$WORK/c11.slurm" || fail "c11 slurm: no '#SBATCH --nodes=2': $(cat "$WORK/c11.slurm")"
grep -qF '# 2 nodes: NNODES=2 in the checked environment' "$WORK/c11.torchrun" || fail "c11: the node count's source"
grep -qF '# 8 processes per node: LOCAL_WORLD_SIZE=8 in the checked environment' "$WORK/c11.torchrun" ||
  fail "c11: the process count's source"
run_script "$WORK/c11.torchrun" NODE_RANK=1 MASTER_ADDR=192.0.2.2
[[ $rc == 0 ]] || fail "c11 torchrun script: exit $rc: $err"
has_arg --nnodes=2 "c11 torchrun"
has_arg --nproc_per_node=8 "c11 torchrun"
has_arg --node_rank=1 "c11 torchrun"
run_script "$WORK/c11.slurm"
[[ $rc == 0 ]] || fail "c11 slurm script: exit $rc: $err"
has_arg --nnodes=2 "c11 slurm"
has_arg --nproc_per_node=8 "c11 slurm"
has_arg --master_addr=node0 "c11 slurm"

# p25: WORLD_SIZE=16 alone gives neither count: the scripts stop and name what to set, then run
for fmt in torchrun slurm; do
  run_vars "$cases/p25_ifname_typo.vars" --export-format "$fmt" > "$WORK/p25.$fmt"
  bash -n "$WORK/p25.$fmt" || fail "p25 $fmt: bash -n"
done
grep -qxF '#SBATCH --nodes=NODES' "$WORK/p25.slurm" || fail "p25 slurm: no NODES placeholder: $(cat "$WORK/p25.slurm")"
# one sentence says the node count is missing (the placeholder's), not two
[[ $(grep -c 'NODES above is not a count' "$WORK/p25.slurm") == 1 ]] || fail "p25 slurm: no placeholder sentence"
! grep -q 'number of nodes is not known' "$WORK/p25.slurm" || fail "p25 slurm: the missing count said twice"
run_script "$WORK/p25.torchrun" NODE_RANK=0 MASTER_ADDR=192.0.2.10
[[ $rc != 0 && -z $argv && $err == *"set NNODES"* ]] || fail "p25 torchrun ran without a node count: rc $rc: $argv $err"
run_script "$WORK/p25.torchrun" NODE_RANK=0 MASTER_ADDR=192.0.2.10 NNODES=2
[[ $rc != 0 && -z $argv && $err == *"set NPROC_PER_NODE"* ]] || fail "p25 torchrun ran without a process count: $err"
run_script "$WORK/p25.torchrun" NODE_RANK=0 MASTER_ADDR=192.0.2.10 NNODES=2 NPROC_PER_NODE=8
[[ $rc == 0 ]] || fail "p25 torchrun with both counts: exit $rc: $err"
has_arg --nnodes=2 "p25 torchrun"
has_arg --nproc_per_node=8 "p25 torchrun"
run_script "$WORK/p25.slurm"
[[ $rc != 0 && -z $argv && $err == *"set GPUS_PER_NODE"* ]] || fail "p25 slurm ran without GPUS_PER_NODE: $err"
run_script "$WORK/p25.slurm" GPUS_PER_NODE=8
[[ $rc == 0 ]] || fail "p25 slurm with GPUS_PER_NODE: exit $rc: $err"
has_arg --nproc_per_node=8 "p25 slurm"

# p26: TF_CONFIG's worker index 2 of 2 workers: one TF_CONFIG per task of its cluster, each valid
# JSON with its own task, and env checking each finds no TF_CONFIG error
run_vars "$cases/p26_tfconfig_index.vars" --export-format tf > "$WORK/p26.tf"
/usr/bin/python3 - "$WORK/p26.tf" > "$WORK/p26.each" <<'PY' || fail "p26 tf: $(cat "$WORK/p26.tf")"
import json, sys
out = json.load(open(sys.argv[1]))
configs = out["tf_config"]
assert sorted(configs) == ["chief[0] 10.20.0.2:2222", "worker[0] 10.20.0.3:2222", "worker[1] 10.20.0.4:2222"], configs
for key, value in configs.items():
    tc = json.loads(value)
    task = tc["task"]
    assert key.startswith("%s[%d] " % (task["type"], task["index"])), key
    assert tc["cluster"][task["type"]][task["index"]] == key.split(" ")[1], key
    print(value)
PY
while IFS= read -r tc; do
  grep -v '^TF_CONFIG=' "$cases/p26_tfconfig_index.vars" > "$WORK/p26.vars"
  printf 'TF_CONFIG=%s\n' "$tc" >> "$WORK/p26.vars"
  out=$(run_vars "$WORK/p26.vars" --json)
  jq -e '[.findings[] | select((.id | startswith("tf-config.")) and .severity == "error")] | length == 0' \
    <<<"$out" >/dev/null || fail "p26: TF_CONFIG $tc still has an error: $(jq -c '[.findings[].id]' <<<"$out")"
done < "$WORK/p26.each"
[[ $(wc -l < "$WORK/p26.each") == 3 ]] || fail "p26: not 3 TF_CONFIGs"

# A worker's TF_CONFIG as a user writes it for two machines, with this machine as localhost: the
# cluster list itself is wrong, so a TF_CONFIG per task of it would keep localhost; none is printed
# and tf_config_none names the finding and what to change. Applied as it says (the other machine's
# routable address in place of localhost, in this task's TF_CONFIG): env finds no TF_CONFIG error.
{
  grep -v '^TF_CONFIG=' "$cases/p26_tfconfig_index.vars"
  echo 'TF_CONFIG={"cluster": {"worker": ["localhost:12345", "10.20.0.4:12345"]}, "task": {"type": "worker", "index": 1}}'
} > "$WORK/addr.vars"
run_vars "$WORK/addr.vars" --export-format tf > "$WORK/addr.tf"
/usr/bin/python3 - "$WORK/addr.tf" <<'PY' || fail "address finding, tf: $(cat "$WORK/addr.tf")"
import json, sys
out = json.load(open(sys.argv[1]))
assert out["tf_config"] == {}, out["tf_config"]
why = out["tf_config_none"]
assert "tf-config.localhost-in-multihost" in why and "replace localhost in cluster.worker[0]" in why, why
assert out["nothing_to_change"] is True and out["env"] == {}, out  # no value written, as sh says
PY
sed 's/"localhost:12345"/"10.20.0.3:12345"/' "$WORK/addr.vars" > "$WORK/addr-fixed.vars"
out=$(run_vars "$WORK/addr-fixed.vars" --json)
jq -e '[.findings[] | select((.id | startswith("tf-config.")) and .severity == "error")] | length == 0' \
  <<<"$out" >/dev/null || fail "address finding fixed as said: still $(jq -c '[.findings[].id]' <<<"$out")"
run_vars "$WORK/addr-fixed.vars" --export-format tf > "$WORK/addr-fixed.tf"
/usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert "tf_config_none" not in d or "localhost" not in d["tf_config_none"], d' \
  "$WORK/addr-fixed.tf" || fail "address fixed, tf: $(cat "$WORK/addr-fixed.tf")"

# c11 has no TF_CONFIG and nothing to change: the tf format says so and writes no TF_CONFIG
run_vars "$cases/c11_torch_rank0.vars" --export-format tf > "$WORK/c11.tf"
/usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["tf_config"] == {} and d["nothing_to_change"] is True, d' \
  "$WORK/c11.tf" || fail "c11 tf: $(cat "$WORK/c11.tf")"
# stranger10's c14 (TF_CONFIG's job named "workers"): no format has a value to write, and tf says
# nothing to change as sh does, with tf_config_none saying why no TF_CONFIG is written
c14="$cases/../../fix-2026-12-05g/cases/c14_tfconfig_workers_key.envvars"
run_vars "$c14" --export-format sh > "$WORK/c14.sh"
grep -q '^# distdoctor: nothing to change' "$WORK/c14.sh" || fail "c14 sh: $(cat "$WORK/c14.sh")"
run_vars "$c14" --export-format tf > "$WORK/c14.tf"
/usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["nothing_to_change"] is True and d["env"] == {} and d["tf_config"] == {} and d["tf_config_none"], d' \
  "$WORK/c14.tf" || fail "c14 tf: $(cat "$WORK/c14.tf")"
echo PASS
