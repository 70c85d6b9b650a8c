#!/usr/bin/env bash
# lint.torch.master-addr-localhost's env:// fix applied, then the job run for real (torch's Gloo
# with /usr/bin/python3 on this machine; "nodes" are processes): init_method="tcp://localhost:P" in a
# multi-node script becomes env://, and the variables env:// reads come from what starts the file.
#   spawn:    the file starts its ranks with mp.spawn (run with python): the fix names the launch
#             line; run as printed (the rank-0 address filled in) on two "nodes", the ranks meet.
#   srun:     a batch script linted with it runs `srun python3 train.py`: --fix adds the export of
#             MASTER_ADDR (scontrol's first node) and MASTER_PORT above the srun line; the batch script
#             run with stand-ins for srun (two local tasks) and scontrol: the ranks meet.
#   torchrun: a launch script linted with it runs torchrun: the edit alone, saying nothing else is
#             needed; the fixed file run as torchrun's agent runs its 2 workers: the ranks meet.
#   mpirun:   a launch script linted with it runs `mpirun ... python3 train.py` (Open MPI): --fix adds
#             the export of MASTER_ADDR (required: the script stops with its message when unset) and
#             MASTER_PORT above the line and -x for both; run with the real mpirun (its hostfile: this
#             machine, 2 slots): unset, it stops before mpirun; set, the ranks meet.
# Usage: env_init.sh DISTDOCTOR DATA_DIR (tests/data/lint)
set -euo pipefail
dd=$(realpath "$1") data=$(realpath "$2")
py=/usr/bin/python3
fail() { echo "FAIL: $*" >&2; exit 1; }
WORK=$(mktemp -d /tmp/dd-envinit-XXXXXX)
trap 'rm -rf "$WORK"' EXIT
$py -c 'import torch.distributed' || fail "needs torch for /usr/bin/python3"
mkdir -p "$WORK/bin"
ln -s "$py" "$WORK/bin/python3"
ln -s "$py" "$WORK/bin/python"
export GLOO_SOCKET_IFNAME=lo
port() { echo $((20000 + RANDOM % 20000)); }
lint_json() { (cd "$1" && "$dd" lint --no-config --json "${@:2}") || [[ $? == 1 ]]; }
ids() { jq -r '.findings[].id' "$1"; }

# --- spawn: a file that starts its own ranks ---
mkdir -p "$WORK/spawn"
p=$(port)
sed "s/29612/$p/" "$data/roundtrip/env_init_spawn.py" > "$WORK/spawn/train.py"
lint_json "$WORK/spawn" train.py > "$WORK/spawn.json"
fix=$(jq -r '.findings[] | select(.id == "lint.torch.master-addr-localhost") | .fix.text' "$WORK/spawn.json")
[[ $(jq '[.findings[] | select(.id == "lint.torch.master-addr-localhost") | .edits[]] | length' "$WORK/spawn.json") == 1 ]] ||
  fail "spawn: no edit: $(cat "$WORK/spawn.json")"
[[ $fix == *"on every node run NODE_RANK=<node index: 0 on the rank-0 node> NNODES=<node count> MASTER_ADDR=<rank-0 node address> MASTER_PORT=$p python train.py" ]] ||
  fail "spawn: the launch line: $fix"
(cd "$WORK/spawn" && "$dd" lint --no-config --fix train.py 2>/dev/null) || [[ $? == 1 ]]
$py -c 'import ast,sys; ast.parse(open(sys.argv[1]).read())' "$WORK/spawn/train.py" || fail "spawn: fixed file does not parse"
grep -q 'init_method="env://",' "$WORK/spawn/train.py" || fail "spawn: not applied: $(cat "$WORK/spawn/train.py")"
line=${fix##*on every node run }
line=${line//<rank-0 node address>/127.0.0.1}
line=${line//<node count>/2}
pids=()
for r in 0 1; do  # the printed line alone tells the nodes apart: nothing else is set
  (cd "$WORK/spawn" && PATH="$WORK/bin:$PATH" timeout 120 env -u NODE_RANK -u NNODES \
    ${line//<node index: 0 on the rank-0 node>/$r} > "$WORK/spawn.$r" 2>&1) &
  pids+=($!)
done
wait "${pids[0]}" && wait "${pids[1]}" || fail "spawn: the job failed: $(cat "$WORK"/spawn.[01])"
# each rank's line counted on its own: two processes of one node write one file, and their lines can
# run together ("rank 2: sum 10rank 3: sum 10")
[[ $(cat "$WORK"/spawn.[01] | grep -oE 'rank [0-3]: sum 10' | sort -u | wc -l) == 4 ]] ||
  fail "spawn: not 4 ranks summing 10: $(cat "$WORK"/spawn.[01])"
lint_json "$WORK/spawn" train.py > "$WORK/spawn.after.json"
ids "$WORK/spawn.after.json" | grep -qx lint.torch.master-addr-localhost && fail "spawn: still reported"

# --- srun: a batch script linted with the file ---
cp -r "$data/roundtrip/env_init_srun" "$WORK/srun"
p=$(port)
sed -i "s/29611/$p/" "$WORK/srun/train.py"
lint_json "$WORK/srun" . > "$WORK/srun.json"
jq -e --arg p "$p" '[.findings[] | select(.id == "lint.torch.master-addr-localhost") | .edits[] | .replacement] |
  (length == 2) and (.[0] | contains("init_method=\"env://\"")) and
  (.[1] | startswith("export MASTER_ADDR=\"$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\" MASTER_PORT=\"${MASTER_PORT:-" + $p + "}\"\nsrun python3 train.py"))' \
  "$WORK/srun.json" > /dev/null || fail "srun: the edits: $(cat "$WORK/srun.json")"
(cd "$WORK/srun" && "$dd" lint --no-config --fix . 2>/dev/null) || [[ $? == 1 ]]
bash -n "$WORK/srun/job.sbatch" || fail "srun: fixed batch script: bash -n"
$py -c 'import ast,sys; ast.parse(open(sys.argv[1]).read())' "$WORK/srun/train.py" || fail "srun: fixed train.py does not parse"
printf '#!/bin/bash\nprintf "127.0.0.1\\nnode-b\\n"\n' > "$WORK/bin/scontrol"
# Each task writes its own file, as srun --output=%t would: two ranks printing into one file can
# interleave within a line.
printf '#!/bin/bash\nfor i in 0 1; do SLURM_PROCID=$i SLURM_NTASKS=2 SLURM_NODEID=$i "$@" > "%s/srun.$i" 2>&1 & done\nwait -n && wait -n\n' \
  "$WORK" > "$WORK/bin/srun"
chmod +x "$WORK/bin/scontrol" "$WORK/bin/srun"
(cd "$WORK/srun" && env -u MASTER_ADDR -u MASTER_PORT PATH="$WORK/bin:$PATH" SLURM_JOB_NODELIST='node-[a-b]' \
  SLURM_NNODES=2 timeout 120 bash job.sbatch > "$WORK/srun.out" 2>&1) ||
  fail "srun: the job failed: $(cat "$WORK/srun.out" "$WORK"/srun.[01])"
[[ $(cat "$WORK"/srun.[01] | grep -c 'sum 3$') == 2 ]] || fail "srun: not 2 ranks summing 3: $(cat "$WORK"/srun.[01])"
lint_json "$WORK/srun" . > "$WORK/srun.after.json"
ids "$WORK/srun.after.json" | grep -qx lint.torch.master-addr-localhost && fail "srun: still reported"

# --- torchrun: a launch script linted with the file ---
cp -r "$data/roundtrip/env_init_torchrun" "$WORK/torchrun"
lint_json "$WORK/torchrun" . > "$WORK/torchrun.json"
jq -e '[.findings[] | select(.id == "lint.torch.master-addr-localhost") | .edits[]] | (length == 1) and
  (.[0].replacement | contains("init_method=\"env://\")  # torchrun (") and
   contains("run.sh:3) sets MASTER_ADDR, MASTER_PORT, RANK, WORLD_SIZE: nothing else to set"))' \
  "$WORK/torchrun.json" > /dev/null || fail "torchrun: the edit: $(cat "$WORK/torchrun.json")"
cp "$WORK/torchrun/run.sh" "$WORK/run.sh.before"
(cd "$WORK/torchrun" && "$dd" lint --no-config --fix . 2>/dev/null) || [[ $? == 1 ]]
cmp -s "$WORK/run.sh.before" "$WORK/torchrun/run.sh" || fail "torchrun: run.sh changed"
# Debian's torch.distributed.run (torch 1.13) fails on this python before it starts a worker, so
# the two workers are started here with exactly what its agent gives each one (local_elastic_agent.py,
# _start_workers): MASTER_ADDR, MASTER_PORT, RANK, WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE.
p=$(port) pids=()
for r in 0 1; do
  (cd "$WORK/torchrun" && env -i PATH=/usr/bin:/bin GLOO_SOCKET_IFNAME=lo MASTER_ADDR=127.0.0.1 MASTER_PORT=$p \
    RANK=$r WORLD_SIZE=2 LOCAL_RANK=$r LOCAL_WORLD_SIZE=2 timeout 120 $py train.py > "$WORK/torchrun.$r" 2>&1) &
  pids+=($!)
done
wait "${pids[0]}" && wait "${pids[1]}" || fail "torchrun: the job failed: $(cat "$WORK"/torchrun.[01])"
[[ $(cat "$WORK"/torchrun.[01] | grep -c 'sum 3$') == 2 ]] || fail "torchrun: not 2 ranks summing 3: $(cat "$WORK"/torchrun.[01])"

# --- mpirun: a launch script linted with the file, run with the real Open MPI mpirun ---
command -v mpirun > /dev/null || fail "needs mpirun (openmpi-bin, scripts/install-deps.sh)"
cp -r "$data/roundtrip/env_init_mpirun" "$WORK/mpirun"
p=$(port)
sed -i "s/29613/$p/" "$WORK/mpirun/train.py"
lint_json "$WORK/mpirun" . > "$WORK/mpirun.json"
jq -e --arg p "$p" '[.findings[] | select(.id == "lint.torch.master-addr-localhost") | .edits[] | .replacement] |
  (length == 2) and (.[0] | contains("init_method=\"env://\"")) and
  (.[1] == "export MASTER_ADDR=\"${MASTER_ADDR:?set MASTER_ADDR to the rank-0 node address}\" MASTER_PORT=\"${MASTER_PORT:-" + $p +
    "}\"\nmpirun -x MASTER_ADDR -x MASTER_PORT -np 2 --hostfile hosts.txt -x NCCL_DEBUG=INFO python3 train.py")' \
  "$WORK/mpirun.json" > /dev/null || fail "mpirun: the edits: $(cat "$WORK/mpirun.json")"
(cd "$WORK/mpirun" && "$dd" lint --no-config --fix . 2>/dev/null) || [[ $? == 1 ]]
bash -n "$WORK/mpirun/run.sh" || fail "mpirun: fixed run.sh: bash -n"
$py -c 'import ast,sys; ast.parse(open(sys.argv[1]).read())' "$WORK/mpirun/train.py" || fail "mpirun: fixed train.py does not parse"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1  # the suite runs as root
if (cd "$WORK/mpirun" && env -u MASTER_ADDR PATH="$WORK/bin:$PATH" timeout 60 bash run.sh > "$WORK/mpirun.unset" 2>&1); then
  fail "mpirun: ran without MASTER_ADDR: $(cat "$WORK/mpirun.unset")"
fi
grep -q 'MASTER_ADDR: set MASTER_ADDR to the rank-0 node address' "$WORK/mpirun.unset" ||
  fail "mpirun: unset MASTER_ADDR not named: $(cat "$WORK/mpirun.unset")"
(cd "$WORK/mpirun" && MASTER_ADDR=127.0.0.1 PATH="$WORK/bin:$PATH" timeout 120 bash run.sh > "$WORK/mpirun.out" 2>&1) ||
  fail "mpirun: the job failed: $(cat "$WORK/mpirun.out")"
# mpirun forwards both ranks' output through one pipe: two lines may arrive glued together (CI, stop 54)
[[ $(grep -oE 'rank [01] of 2 nodes: sum 3' "$WORK/mpirun.out" | sort -u | wc -l) == 2 ]] || fail "mpirun: not 2 ranks summing 3: $(cat "$WORK/mpirun.out")"
lint_json "$WORK/mpirun" . > "$WORK/mpirun.after.json"
ids "$WORK/mpirun.after.json" | grep -qx lint.torch.master-addr-localhost && fail "mpirun: still reported"
echo PASS
