#!/bin/bash
# Issue 27: the twelfth stranger's run (tests/data/stranger/fix-2026-12-06i): its two misses (p28 srun
# python with env:// and no MASTER_ADDR/MASTER_PORT; p20 a PowerShell launcher) and two untrue sentences
# (p33 a prefix assignment read by its own command; p19 a Windows NCCL warning cited from MASTER_ADDR).
# Each fix applied as printed (`lint --fix`, the printed line), the result through bash with stand-ins
# for srun/scontrol/hostname/torchrun (and a two-rank torch Gloo job for p28), and lint again.
# Usage: stranger12_cases.sh DISTDOCTOR SOURCE_DIR CASE
set -u
dd=$1 src=$2 case=$3
py=/usr/bin/python3
cases=$src/tests/data/stranger/fix-2026-12-06i/cases
tmp=$(mktemp -d /tmp/dd-stranger12.$$.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT  # a killed run (Ctrl-C, timeout -s TERM) leaves no folder: exit runs the EXIT trap
trap 'exit 143' TERM
fail() { echo "FAIL [$case]: $*" >&2; exit 1; }

. "$(dirname "$0")/stranger_lib.sh"

ids() { $py -c 'import json,sys; print("\n".join(f["id"] for f in json.load(open(sys.argv[1]))["findings"]))' "$tmp/out"; }
# field ID KEY: the finding's title / the evidence lines joined
field() {
  $py - "$tmp/out" "$1" "$2" <<'PY'
import json, sys
f = next(f for f in json.load(open(sys.argv[1]))["findings"] if f["id"] == sys.argv[2])
v = f[sys.argv[3]]
print("\n".join(v) if isinstance(v, list) else v)
PY
}

case $case in
hold)
  # for system.fix.stranger-killed-cleanup: print the folder, then wait to be killed
  echo "$tmp"
  sleep 60
  ;;
n-srun-env-init)
  # p28: `srun python train.py`, train.py init_process_group(init_method="env://"), MASTER_ADDR and
  # MASTER_PORT set nowhere. The finding, its edit (an export above srun), the fixed batch script run
  # by bash with a stand-in srun that prints each task's environment, and a real two-rank Gloo job.
  cp -r "$cases/p28_srun_env_init" "$tmp/job"
  run lint --json "$tmp/job"
  [ "$rc" = 1 ] || fail "lint exit $rc: $(cat "$tmp/out" "$tmp/err")"
  [ "$(ids)" = lint.launch.env-init-unset ] || fail "findings: $(ids)"
  title=$(field lint.launch.env-init-unset title)
  grep -qF 'reads MASTER_ADDR and MASTER_PORT' <<<"$title" && grep -qF 'srun sets neither' <<<"$title" &&
    grep -qF 'environment variable MASTER_ADDR expected, but not set' <<<"$title" || fail "title: $title"
  ev=$(field lint.launch.env-init-unset evidence)
  grep -qF 'job.sbatch:6: srun python train.py' <<<"$ev" && grep -qF 'train.py:10: dist.init_process_group' <<<"$ev" ||
    fail "evidence: $ev"
  fix=$(fix_text lint.launch.env-init-unset)
  grep -qF 'export MASTER_ADDR="$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)"' <<<"$fix" || fail "fix: $fix"
  # before the fix: each task's environment has neither
  mkdir -p "$tmp/bin"
  printf '#!/bin/bash\nprintf "node01\\nnode02\\n"\n' >"$tmp/bin/scontrol"
  cat >"$tmp/bin/srun" <<'EOF'
#!/bin/bash
# a stand-in: 2 nodes x 2 tasks; each task prints what env:// reads, then runs the command when asked
for task in 0 1 2 3; do
  SLURM_PROCID=$task SLURM_NTASKS=4 SLURM_LOCALID=$((task % 2)) SLURM_NODEID=$((task / 2)) \
    bash -c 'echo "task $SLURM_PROCID MASTER_ADDR=${MASTER_ADDR-unset} MASTER_PORT=${MASTER_PORT-unset}"'
done
EOF
  chmod +x "$tmp/bin/"*
  sb() { (cd "$tmp/job" && env -i PATH="$tmp/bin:/usr/bin:/bin" SLURM_JOB_NODELIST='node[01-02]' bash job.sbatch); }
  got=$(sb)
  [ "$(grep -c 'MASTER_ADDR=unset MASTER_PORT=unset' <<<"$got")" = 4 ] || fail "before the fix: $got"
  run lint --fix "$tmp/job"
  bash -n "$tmp/job/job.sbatch" || fail "bash -n: $(cat "$tmp/job/job.sbatch")"
  got=$(sb)
  [ "$(grep -c '^task [0-3] MASTER_ADDR=node01 MASTER_PORT=29500$' <<<"$got")" = 4 ] || fail "after the fix: $got"
  run lint --json "$tmp/job"
  [ "$rc" = 0 ] && [ -z "$(ids)" ] || fail "relint (exit $rc): $(ids)"
  # The real job: train.py on CPU (gloo), two ranks started by a stand-in srun on this machine.
  sed -e 's/backend="nccl"/backend="gloo"/' -e '/torch.cuda.set_device/d' "$cases/p28_srun_env_init/train.py" >"$tmp/job/train.py"
  printf '#!/bin/bash\necho 127.0.0.1\n' >"$tmp/bin/scontrol"
  cat >"$tmp/bin/srun" <<'EOF'
#!/bin/bash
for task in 0 1; do
  SLURM_PROCID=$task SLURM_NTASKS=2 SLURM_LOCALID=$task GLOO_SOCKET_IFNAME=lo timeout 60 "$@" &
done
wait
EOF
  ln -s "$py" "$tmp/bin/python"  # the job runs `python`
  port=$($py -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  got=$(cd "$tmp/job" && env -i PATH="$tmp/bin:/usr/bin:/bin" MASTER_PORT="$port" bash job.sbatch 2>&1)
  grep -q 'hello from rank 0 of 2' <<<"$got" && grep -q 'hello from rank 1 of 2' <<<"$got" || fail "fixed job: $got"
  cp "$cases/p28_srun_env_init/job.sbatch" "$tmp/job/job.sbatch"
  got=$(cd "$tmp/job" && env -i PATH="$tmp/bin:/usr/bin:/bin" bash job.sbatch 2>&1)
  grep -q 'MASTER_ADDR expected, but not set' <<<"$got" || fail "original job: $got"
  # No finding: the variables set by the script, by #SBATCH --export, by a file linted with it; torchrun.
  no_finding() { run lint --json "$tmp/job"; has lint.launch.env-init-unset && fail "$1: $(cat "$tmp/job/job.sbatch")"; }
  sed -i '6i export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1) MASTER_PORT=29500' "$tmp/job/job.sbatch"
  no_finding "exported in the script"
  cp "$cases/p28_srun_env_init/job.sbatch" "$tmp/job/job.sbatch"
  sed -i '4a #SBATCH --export=ALL,MASTER_ADDR=node01,MASTER_PORT=29500' "$tmp/job/job.sbatch"
  no_finding "#SBATCH --export"
  cp "$cases/p28_srun_env_init/job.sbatch" "$tmp/job/job.sbatch"
  printf 'MASTER_ADDR=node01\nMASTER_PORT=29500\n' >"$tmp/job/cluster.env"
  no_finding "a .env file linted with it"
  rm "$tmp/job/cluster.env"
  sed -i 's/^srun python train.py/srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=node01:29500 train.py/' "$tmp/job/job.sbatch"
  no_finding "torchrun"
  run lint --json "$tmp/job/train.py"
  has lint.launch.env-init-unset && fail "train.py alone: $(cat "$tmp/out")"
  ;;
n-prefix-expansion)
  # p33: `MASTER_ADDR=$(hostname) torchrun ... --master_addr=$MASTER_ADDR` inside srun's string. bash
  # expands the arguments before the prefix assignment: torchrun gets the batch environment's
  # MASTER_ADDR (empty here), not the host name. As a separate statement (`export MASTER_ADDR=$(hostname);
  # torchrun ...`) each node gets its own host name. Both run through bash (stand-in srun, hostname, torchrun).
  stubs
  printf '#!/bin/bash\necho "node$SLURM_NODEID"\n' >"$tmp/bin/hostname"
  chmod +x "$tmp/bin/hostname"
  cp "$cases/p33_srun_bash_c_hostname.sbatch" "$tmp/job.sbatch"
  got=$(batch "$tmp/job.sbatch" | grep -- '^argv:--master_addr=')
  [ "$got" = $'argv:--master_addr=\nargv:--master_addr=' ] || fail "prefix: torchrun got [$got]"
  run lint --json "$tmp/job.sbatch"
  title=$(field lint.slurm.rendezvous-per-task title)
  grep -qF 'bash expands `--master_addr=$MASTER_ADDR` before the prefix takes effect' <<<"$title" &&
    grep -qF 'empty unless the shell that ran sbatch exported one' <<<"$title" || fail "prefix title: $title"
  grep -qF "each task's shell computes it on its own node" <<<"$title" && fail "prefix title keeps the per-node wording: $title"
  fix=$(fix_text lint.slurm.rendezvous-per-task)
  grep -qF 'drop MASTER_ADDR=$(hostname) and use $MASTER_ADDR' <<<"$fix" || fail "fix: $fix"
  before=$(errors | grep -vx lint.slurm.rendezvous-per-task)
  # the fix as printed: the export before srun, the prefix dropped
  cp "$tmp/job.sbatch" "$tmp/fixed.sbatch"
  $py - "$tmp/fixed.sbatch" "$fix" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
i = next(i for i, l in enumerate(lines) if l.startswith("srun"))
lines[i] = lines[i].replace("MASTER_ADDR=$(hostname) ", "")
lines.insert(i, sys.argv[2])
open(sys.argv[1], "w").write("\n".join(lines))
PY
  bash -n "$tmp/fixed.sbatch" || fail "bash -n: $(cat "$tmp/fixed.sbatch")"
  got=$(batch "$tmp/fixed.sbatch" | grep -- '^argv:--master_addr=')
  [ "$got" = $'argv:--master_addr=node01\nargv:--master_addr=node01' ] || fail "fixed: torchrun got [$got]"
  relint "$tmp/fixed.sbatch" lint.slurm.rendezvous-per-task "$before"
  # the separate statement: each node its own host name, and the per-node wording
  sed 's/MASTER_ADDR=$(hostname) torchrun/export MASTER_ADDR=$(hostname); torchrun/' "$cases/p33_srun_bash_c_hostname.sbatch" >"$tmp/sep.sbatch"
  got=$(batch "$tmp/sep.sbatch" | grep -- '^argv:--master_addr=')
  [ "$got" = $'argv:--master_addr=node0\nargv:--master_addr=node1' ] || fail "statement: torchrun got [$got]"
  run lint --json "$tmp/sep.sbatch"
  title=$(field lint.slurm.rendezvous-per-task title)
  grep -qF "each task's shell computes it on its own node (this node's host name)" <<<"$title" || fail "statement title: $title"
  # the prefix with MASTER_ADDR exported before srun: the word reads that value on every node, no finding
  sed '5a export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)' "$cases/p33_srun_bash_c_hostname.sbatch" >"$tmp/pre.sbatch"
  got=$(batch "$tmp/pre.sbatch" | grep -- '^argv:--master_addr=')
  [ "$got" = $'argv:--master_addr=node01\nargv:--master_addr=node01' ] || fail "exported before: torchrun got [$got]"
  run lint --json "$tmp/pre.sbatch"
  has lint.slurm.rendezvous-per-task && fail "exported before srun: $(cat "$tmp/out")"
  ;;
n-windows-nccl)
  # p19 with --platform windows: the .bat asks for no NCCL (GLOO_SOCKET_IFNAME, USE_LIBUV), so no
  # env.windows.no-nccl from MASTER_ADDR; a line that asks for the NCCL backend is what it cites.
  cp "$cases/p19_windows_launch.bat" "$tmp/launch.bat"
  run lint --json --platform windows "$tmp/launch.bat"
  has lint.launch.master-addr-localhost || fail "the localhost finding is gone: $(ids)"
  has env.windows.no-nccl && fail "no-nccl without NCCL: $(field env.windows.no-nccl evidence)"
  sed 's/train.py\r$/train.py --backend nccl\r/' "$cases/p19_windows_launch.bat" >"$tmp/nccl.bat"
  run lint --json --platform windows "$tmp/nccl.bat"
  ev=$(field env.windows.no-nccl evidence)
  grep -qF -- '--backend nccl' <<<"$ev" && grep -qF "nccl.bat:7)" <<<"$ev" || fail "evidence: $ev"
  grep -q '^MASTER_ADDR=' <<<"$ev" && fail "evidence cites MASTER_ADDR: $ev"
  fix=$(fix_text env.windows.no-nccl)
  grep -qF 'backend="gloo"' <<<"$fix" || fail "fix: $fix"
  sed -i 's/--backend nccl/--backend gloo/' "$tmp/nccl.bat"  # the fix: the backend gloo
  run lint --json --platform windows "$tmp/nccl.bat"
  has env.windows.no-nccl && fail "after gloo: $(field env.windows.no-nccl evidence)"
  # an NCCL variable is still the error, citing it
  printf 'set NCCL_DEBUG=INFO\r\ntorchrun --standalone --nproc_per_node=2 train.py\r\n' >"$tmp/n.bat"
  run lint --json --platform windows "$tmp/n.bat"
  field env.windows.no-nccl evidence | grep -qF 'NCCL_DEBUG=INFO' || fail "NCCL variable: $(cat "$tmp/out")"
  ;;
n-ps1)
  # p20: a PowerShell launcher, torchrun --nnodes=2 with neither --node_rank nor a rendezvous backend
  # (backtick continuations). Read as a file and on standard input; --fix, then the fixed command's
  # words through bash (the backticks made backslashes) with a stand-in torchrun; c15 stays clean.
  cp "$cases/p20_windows_static_rdzv.ps1" "$tmp/launch.ps1"
  run lint --json "$tmp/launch.ps1"
  [ "$rc" = 1 ] && [ "$(ids)" = lint.torch.static-rendezvous-no-node-rank ] || fail "exit $rc: $(ids) $(cat "$tmp/err")"
  "$dd" lint --json - <"$tmp/launch.ps1" >"$tmp/out" 2>"$tmp/err"
  [ "$(ids)" = lint.torch.static-rendezvous-no-node-rank ] || fail "stdin: $(ids) $(cat "$tmp/err")"
  run lint --fix "$tmp/launch.ps1"
  grep -q $'^    --rdzv_backend=c10d --rdzv_endpoint=192.168.1.20:29500 `\r$' "$tmp/launch.ps1" || fail "fixed: $(cat -A "$tmp/launch.ps1")"
  [ "$(grep -c $'\r$' "$tmp/launch.ps1")" = 6 ] || fail "CRLF lost: $(cat -A "$tmp/launch.ps1")"
  run lint --json "$tmp/launch.ps1"
  [ "$rc" = 0 ] && [ -z "$(ids)" ] || fail "relint (exit $rc): $(ids)"
  mkdir -p "$tmp/bin"
  printf '#!/bin/bash\nprintf "argv:%%s\\n" "$@"\n' >"$tmp/bin/torchrun"
  chmod +x "$tmp/bin/torchrun"
  sed -e 's/ `\r$/ \\/' -e 's/\r$//' -e '/^\$env:/d' "$tmp/launch.ps1" >"$tmp/launch.sh"
  got=$(env -i PATH="$tmp/bin:/usr/bin:/bin" bash "$tmp/launch.sh")
  want=$'argv:--nnodes=2\nargv:--nproc_per_node=1\nargv:--rdzv_backend=c10d\nargv:--rdzv_endpoint=192.168.1.20:29500\nargv:train.py\nargv:--backend\nargv:gloo'
  [ "$got" = "$want" ] || fail "torchrun got: $got"
  run lint --json "$cases/c15_windows_local.ps1"
  [ "$rc" = 0 ] && [ -z "$(ids)" ] || fail "c15 (exit $rc): $(ids) $(cat "$tmp/err")"
  # its $env: lines are read: localhost across nodes, and a value NCCL cannot read, each fixed as printed
  printf '$env:MASTER_ADDR = "localhost"\r\n$env:NCCL_IB_DISABLE = "true"\r\ntorchrun --nnodes=2 --node_rank=$env:NODE_RANK `\r\n  --master_addr=$env:MASTER_ADDR train.py\r\n' >"$tmp/two.ps1"
  run lint --json "$tmp/two.ps1"
  has lint.launch.master-addr-localhost && has env.int.not-a-number || fail "two.ps1: $(ids)"
  fix=$(fix_text lint.launch.master-addr-localhost)
  [ "$fix" = $'# RANK0_HOST: the rank-0 node\'s host name or address, the same on every node\n$env:MASTER_ADDR = "RANK0_HOST"' ] || fail "fix: $fix"
  run lint --fix "$tmp/two.ps1"
  grep -qF '$env:NCCL_IB_DISABLE = "1"' "$tmp/two.ps1" || fail "--fix: $(cat "$tmp/two.ps1")"
  { printf '%s\r\n' "${fix%RANK0_HOST\"}10.0.0.1\""; tail -n +2 "$tmp/two.ps1"; } >"$tmp/three.ps1"
  run lint --json "$tmp/three.ps1"
  [ "$rc" = 0 ] || fail "after both fixes (exit $rc): $(ids) $(cat "$tmp/three.ps1")"
  ;;
*) fail "unknown case" ;;
esac
echo "ok $case"
