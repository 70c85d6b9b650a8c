#!/bin/bash
# launch_template.sh DISTDOCTOR: `launch-template` for each launcher passes `bash -n`, says what it
# must (NCCL_DEBUG=WARN with the INFO line commented, a comment on every line that sets something,
# torchrun's rendezvous flags, Slurm's scontrol MASTER_ADDR, mpirun's hostfile check, TF_CONFIG),
# and runs with stand-ins for torchrun/srun/scontrol/mpirun/python3 that print what they were given.
# Exit 2 for a bad launcher.
DD=$1
set -u
WORK="$(mktemp -d /tmp/dd-tmpl.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
die() { echo "FAIL: $*" >&2; exit 1; }

out=$($DD launch-template --launcher torch 2>&1); rc=$?
[ $rc = 2 ] && [[ "$out" == *"--launcher 'torch': unknown launcher"* ]] || die "bad launcher: exit $rc '$out'"

mkdir -p "$WORK/bin"
cat > "$WORK/bin/torchrun" <<'SH'
#!/bin/bash
echo "torchrun NCCL_DEBUG=$NCCL_DEBUG IFNAME=$NCCL_SOCKET_IFNAME $*"
SH
# a long host list: head -n 1 closes the pipe early, which must not abort the script (SIGPIPE)
printf '#!/bin/bash\nprintf "gpu-a\\ngpu-b\\ngpu-c\\n"\nseq 200000 | sed s/^/gpu-x/\n' > "$WORK/bin/scontrol"
printf '#!/bin/bash\nwhile [[ "$1" == --* ]]; do shift; done\nexport SLURM_NNODES=3 SLURM_NODEID=2\nexec "$@"\n' > "$WORK/bin/srun"
# Open MPI's -x NAME sends this shell's NAME to the ranks on other hosts: the stand-in prints what
# each would get (one "x NAME=value" line; "unset" when the shell has no such variable)
cat > "$WORK/bin/mpirun" <<'SH'
#!/bin/bash
echo "mpirun MASTER_ADDR=$MASTER_ADDR $*"
while (($#)); do
  if [[ $1 == -x ]]; then
    if [[ -v $2 ]]; then echo "x $2=${!2}"; else echo "x $2 unset"; fi
    shift
  fi
  shift
done
SH
printf '#!/bin/bash\necho "$TF_CONFIG"\n' > "$WORK/bin/python3"
chmod +x "$WORK/bin/"*

for l in torchrun srun mpirun tf; do
  f="$WORK/$l.sh"
  $DD launch-template --launcher $l --nodes 3 --gpus-per-node 4 > "$f" || die "$l: exit $?"
  bash -n "$f" || die "$l: bash -n"
  grep -q '^export NCCL_DEBUG=WARN .*# ' "$f" || die "$l: no NCCL_DEBUG=WARN with a why"
  grep -q '^# export NCCL_DEBUG=INFO ' "$f" || die "$l: no commented INFO line"
  grep -q 'torch.distributed.launch ' "$f" && die "$l: deprecated launcher"
  # every line that sets or runs something (not a comment, not a continuation) says why
  awk '!/^#/ && !/^set -eu / && !/^ *case |^ *esac|^  .*\) export/ && !/\\$/ && !/^  / && NF && !/# / {print; bad=1} END {exit bad}' "$f" ||
    die "$l: lines without a comment (above)"
done

grep -q -- '--nnodes=3 --nproc_per_node=4' "$WORK/torchrun.sh" || die "torchrun flags"
got=$(PATH="$WORK/bin:$PATH" MASTER_ADDR=gpu-a NODE_RANK=1 bash "$WORK/torchrun.sh" --epochs 1) || die "torchrun template run"
[[ "$got" == "torchrun NCCL_DEBUG=WARN "*"--nnodes=3 --nproc_per_node=4 --node_rank=1 --master_addr=gpu-a --master_port=29500 train.py --epochs 1" ]] ||
  die "torchrun template ran '$got'"
out=$(PATH="$WORK/bin:$PATH" bash "$WORK/torchrun.sh" 2>&1) && die "torchrun template ran without MASTER_ADDR"
[[ "$out" == *"set MASTER_ADDR"* ]] || die "no MASTER_ADDR message: $out"

grep -q '^#SBATCH --nodes=3$' "$WORK/srun.sh" || die "sbatch header"
got=$(PATH="$WORK/bin:$PATH" SLURM_JOB_NODELIST='gpu-[a-c]' bash "$WORK/srun.sh") || die "srun template run"
[[ "$got" == *"--nnodes=3 --nproc_per_node=4 --node_rank=2 --master_addr=gpu-a "* ]] || die "srun template ran '$got'"

out=$(cd "$WORK" && PATH="$WORK/bin:$PATH" bash "$WORK/mpirun.sh" 2>&1) && die "mpirun template ran without a hostfile"
[[ "$out" == *"no hostfile"* ]] || die "mpirun: no hostfile message: $out"
printf '# hosts\ngpu-b slots=4\ngpu-c slots=4\n' > "$WORK/hosts"
got=$(PATH="$WORK/bin:$PATH" HOSTFILE="$WORK/hosts" bash "$WORK/mpirun.sh") || die "mpirun template run"
[[ "$got" == "mpirun MASTER_ADDR=gpu-b -np 12 "* ]] || die "mpirun template ran '$got'"
# the ranks on the other hosts get this shell's PATH and LD_LIBRARY_PATH (the same python3 and
# libnccl) with the NCCL and rendezvous variables; LD_LIBRARY_PATH unset here still has a value
got=$(env -u LD_LIBRARY_PATH PATH="$WORK/bin:$PATH" HOSTFILE="$WORK/hosts" NCCL_SOCKET_IFNAME=eth0 \
  GLOO_SOCKET_IFNAME=eth0 bash "$WORK/mpirun.sh") || die "mpirun template run without LD_LIBRARY_PATH"
forwarded=$(sed -n 's/^x \([A-Z_]*\)[= ].*/\1/p' <<<"$got" | sort | tr '\n' ' ')
[[ $forwarded == "GLOO_SOCKET_IFNAME LD_LIBRARY_PATH MASTER_ADDR MASTER_PORT NCCL_DEBUG NCCL_SOCKET_IFNAME PATH " ]] ||
  die "mpirun -x list: '$forwarded'"
grep -qxF "x PATH=$WORK/bin:$PATH" <<<"$got" || die "mpirun: PATH not this shell's: $got"
grep -qxF "x LD_LIBRARY_PATH=" <<<"$got" || die "mpirun: LD_LIBRARY_PATH unset for -x: $got"
grep -q ' unset$' <<<"$got" && die "mpirun: -x of an unset variable: $got"
got=$(LD_LIBRARY_PATH=/opt/nccl/lib PATH="$WORK/bin:$PATH" HOSTFILE="$WORK/hosts" bash "$WORK/mpirun.sh") ||
  die "mpirun template run with LD_LIBRARY_PATH"
grep -qxF "x LD_LIBRARY_PATH=/opt/nccl/lib" <<<"$got" || die "mpirun: LD_LIBRARY_PATH not this shell's: $got"

# As printed, the worker list holds placeholders: the script stops, naming one, and starts nothing
out=$(PATH="$WORK/bin:$PATH" TASK_INDEX=2 bash "$WORK/tf.sh" 2>&1) && die "tf template ran with placeholder hosts: $out"
[[ "$out" == "replace WORKER0_HOST:12345 in WORKERS with that worker's host:port" ]] || die "tf: placeholder message '$out'"
# one host filled in, the others not: still stops, at the first left
sed 's/WORKER0_HOST/gpu-a/' "$WORK/tf.sh" > "$WORK/tf-part.sh"
out=$(PATH="$WORK/bin:$PATH" TASK_INDEX=2 bash "$WORK/tf-part.sh" 2>&1) && die "tf template ran with 2 placeholders: $out"
[[ "$out" == *"replace WORKER1_HOST:12345 in WORKERS"* ]] || die "tf: second placeholder message '$out'"
# filled in as the comment says: it runs, with those hosts in the one cluster
sed 's/WORKER\([0-9]\)_HOST/gpu-\1/g' "$WORK/tf.sh" > "$WORK/tf-filled.sh"
bash -n "$WORK/tf-filled.sh" || die "tf filled: bash -n"
got=$(PATH="$WORK/bin:$PATH" TASK_INDEX=2 bash "$WORK/tf-filled.sh") || die "tf template run"
/usr/bin/python3 -c 'import json,sys; t=json.loads(sys.argv[1]); assert t["cluster"]["worker"]==["gpu-0:12345","gpu-1:12345","gpu-2:12345"], t' "$got" ||
  die "tf template's hosts '$got'"
/usr/bin/python3 -c 'import json,sys; t=json.loads(sys.argv[1]); assert t["task"]=={"type":"worker","index":2}, t; assert len(t["cluster"]["worker"])==3, t' "$got" ||
  die "tf template's TF_CONFIG '$got'"
echo PASS
