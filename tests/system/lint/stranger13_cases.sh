#!/bin/bash
# Issue 27: the thirteenth stranger's run (tests/data/stranger/fix-2026-12-06j): the fix that broke the
# job (p27, TF_CONFIG with $SLURM_PROCID double-quoted in the batch shell), the untrue sentences (p19
# a `^` list with a blank, p18 two fixes for one variable, p12 `hostname -i`, p16 node 0's own
# Compose command) and two misses (p30 a port above 65535, p13 --standalone on two nodes). Each
# printed fix applied as printed (`lint --fix`, the printed lines through bash, the printed line
# pasted), run by bash with stand-ins for srun/hostname/torchrun, and lint again.
# Usage: stranger13_cases.sh DISTDOCTOR SOURCE_DIR CASE
set -u
dd=$1 src=$2 case=$3
py=/usr/bin/python3
cases=$src/tests/data/stranger/fix-2026-12-06j/cases
tmp=$(mktemp -d /tmp/dd-stranger13.$$.XXXXXX)
shared=""
cleanup() { rm -rf "$tmp" ${shared:+"$shared"}; }
trap cleanup EXIT
trap 'exit 130' INT  # a killed run (Ctrl-C, timeout -s TERM) leaves no folder: exit runs the EXIT trap
trap 'exit 143' TERM
fail() { echo "FAIL [$case]: $*" >&2; exit 1; }

. "$(dirname "$0")/stranger_lib.sh"

ids() { $py -c 'import json,sys; print("\n".join(f["id"] for f in json.load(open(sys.argv[1]))["findings"]))' "$tmp/out"; }
# field ID KEY [N]: the Nth (0-based) finding ID's KEY (evidence joined by newlines)
field() {
  $py - "$tmp/out" "$1" "$2" "${3:-0}" <<'PY'
import json, sys
f = [f for f in json.load(open(sys.argv[1]))["findings"] if f["id"] == sys.argv[2]][int(sys.argv[4])]
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
o-per-task-index)
  # p27: export TF_CONFIG='..."index": $SLURM_PROCID...' then `srun python train_mwms.py`. A stand-in
  # srun starts 3 tasks with distinct SLURM_PROCID; `python` is a stand-in that parses TF_CONFIG with
  # json and prints the task's index. As written: no task parses; with the old fix (double quotes
  # in the batch shell): every task index 0; after `lint --fix`: each task its own, and lint is clean.
  mkdir -p "$tmp/bin" "$tmp/job"
  cat >"$tmp/bin/srun" <<'EOF'
#!/bin/bash
while [ $# -gt 0 ] && [ "${1#-}" != "$1" ]; do shift; done
for task in 0 1 2; do SLURM_PROCID=$task SLURM_NODEID=$task SLURM_LOCALID=0 SLURM_NTASKS=3 "$@"; done
EOF
  cat >"$tmp/bin/python" <<EOF
#!/bin/bash
exec $py -c 'import json, os
try:
    print("task", os.environ["SLURM_PROCID"], "index", json.loads(os.environ["TF_CONFIG"])["task"]["index"])
except Exception as e:
    print("task", os.environ.get("SLURM_PROCID"), "unparsed", type(e).__name__)'
EOF
  chmod +x "$tmp/bin/"*
  cp "$cases/p27_tfconfig_single_quoted_procid.sbatch" "$tmp/job/job.sbatch"
  sb() { (cd "$tmp/job" && env -i PATH="$tmp/bin:/usr/bin:/bin" SLURM_PROCID=0 SLURM_NODEID=0 bash job.sbatch); }
  got=$(sb)
  [ "$(grep -c '^task [0-2] unparsed JSONDecodeError$' <<<"$got")" = 3 ] || fail "as written: $got"
  # the old fix, double quotes in the batch shell: every task gets the batch shell's index
  $py - "$tmp/job/job.sbatch" "$tmp/job/old.sbatch" <<'PY'
import sys
t = open(sys.argv[1]).read()
a = t.index("TF_CONFIG='") + 10
b = t.index("'", a + 1)
open(sys.argv[2], "w").write(t[:a] + '"' + t[a + 1:b].replace('"', '\\"') + '"' + t[b + 1:])
PY
  got=$(cd "$tmp/job" && env -i PATH="$tmp/bin:/usr/bin:/bin" SLURM_PROCID=0 bash old.sbatch)
  [ "$got" = $'task 0 index 0\ntask 1 index 0\ntask 2 index 0' ] || fail "double quotes: $got"
  run lint --json "$tmp/job/old.sbatch"  # that shape is found now
  [ "$rc" = 1 ] && [ "$(ids)" = lint.slurm.task-variable-expanded-once ] || fail "old fix relinted (exit $rc): $(ids)"
  rm "$tmp/job/old.sbatch"
  run lint --json "$tmp/job/job.sbatch"
  [ "$rc" = 1 ] && [ "$(ids)" = lint.shell.single-quoted-expansion ] || fail "lint (exit $rc): $(ids)"
  field lint.shell.single-quoted-expansion evidence | grep -qF '$SLURM_PROCID differs per task: srun (line 6)' ||
    fail "evidence: $(field lint.shell.single-quoted-expansion evidence)"
  run lint --fix "$tmp/job/job.sbatch"
  grep -q '\[lint.shell.single-quoted-expansion\]' "$tmp/out" "$tmp/err" || fail "--fix: $(cat "$tmp/out" "$tmp/err")"
  bash -n "$tmp/job/job.sbatch" || fail "bash -n: $(cat "$tmp/job/job.sbatch")"
  grep -q '^export TF_CONFIG' "$tmp/job/job.sbatch" && fail "still set in the batch shell: $(cat "$tmp/job/job.sbatch")"
  got=$(sb)
  [ "$got" = $'task 0 index 0\ntask 1 index 1\ntask 2 index 2' ] || fail "after --fix: $got $(cat "$tmp/job/job.sbatch")"
  run lint --json "$tmp/job/job.sbatch"
  [ "$rc" = 0 ] && [ -z "$(ids)" ] || fail "relint (exit $rc): $(ids) $(cat "$tmp/job/job.sbatch")"
  ;;
o-ifname-exclusion)
  # p19: NCCL_SOCKET_IFNAME="^docker0, lo": lint says what env says (lo is not excluded), --fix
  # removes the blank, and env on the fixed value no longer picks loopback by that exclusion.
  cp "$cases/p19_ifname_exclusion_space.sh" "$tmp/job.sh"
  run lint --json "$tmp/job.sh"
  title=$(field lint.env.ifname-whitespace title)
  grep -qF "' lo' is a prefix no interface name has: lo is not excluded, and NCCL may pick it (loopback)" <<<"$title" ||
    fail "title: $title"
  grep -qF 'no interface name matches' <<<"$title" && fail "old wording: $title"
  NCCL_SOCKET_IFNAME='^docker0, lo' NNODES=2 "$dd" env --json >"$tmp/env.json" 2>/dev/null
  grep -q 'nccl.ifname.exclusion-picks-loopback' "$tmp/env.json" || fail "env before: $(cat "$tmp/env.json")"
  grep -qF "' lo' is a prefix no interface name has: lo is not excluded" "$tmp/env.json" || fail "env wording: $(cat "$tmp/env.json")"
  run lint --fix "$tmp/job.sh"
  value=$(bash -c ". <(grep '^export NCCL_SOCKET_IFNAME' '$tmp/job.sh'); printf %s \"\$NCCL_SOCKET_IFNAME\"")
  [ "$value" = '^docker0,lo' ] || fail "fixed value [$value]"
  NCCL_SOCKET_IFNAME=$value NNODES=2 "$dd" env --json >"$tmp/env.json" 2>/dev/null
  grep -q 'nccl.ifname.exclusion-picks-loopback\|nccl.ifname.whitespace' "$tmp/env.json" && fail "env after: $(cat "$tmp/env.json")"
  run lint --json "$tmp/job.sh"
  [ "$rc" = 0 ] || fail "relint (exit $rc): $(ids)"
  ;;
o-socket-product)
  # p18: NCCL_NSOCKS_PER_PEER=4 and NCCL_SOCKET_NTHREAD=4: the printed lines of both findings, run in
  # printed order after the file's exports, give 1 x 4 = 4 sockets per peer (env --export's fix).
  cp "$cases/p18_nccl_socket_nthread_typo.sbatch" "$tmp/job.sbatch"
  run lint "$tmp/job.sbatch"
  grep -E '^          (export|unset) ' "$tmp/out" | sed 's/^ *//' >"$tmp/fix.sh"
  [ "$(grep -c . "$tmp/fix.sh")" -ge 4 ] || fail "printed lines: $(cat "$tmp/out")"
  got=$(env -i PATH=/usr/bin:/bin bash -c "$(grep '^export NCCL' "$tmp/job.sbatch"); . '$tmp/fix.sh';"' echo "$NCCL_SOCKET_NTHREADS x $NCCL_NSOCKS_PERTHREAD = $((NCCL_SOCKET_NTHREADS * NCCL_NSOCKS_PERTHREAD)) ${NCCL_SOCKET_NTHREAD-gone} ${NCCL_NSOCKS_PER_PEER-gone}"')
  [ "$got" = '1 x 4 = 4 gone gone' ] || fail "applied in printed order: $got ($(cat "$tmp/fix.sh"))"
  # the same as env --export on the same variables
  exp=$(env -i PATH=/usr/bin:/bin NCCL_SOCKET_IFNAME=lo NCCL_NSOCKS_PER_PEER=4 NCCL_SOCKET_NTHREAD=4 "$dd" env --export 2>/dev/null)
  got2=$(env -i PATH=/usr/bin:/bin NCCL_NSOCKS_PER_PEER=4 NCCL_SOCKET_NTHREAD=4 bash -c "$exp"'
echo "$NCCL_SOCKET_NTHREADS x $NCCL_NSOCKS_PERTHREAD"')
  [ "$got2" = '1 x 4' ] || fail "env --export: $got2 ($exp)"
  ;;
o-hostname-i)
  # p12: $(hostname -i) is each node's address(es); the printed fix (MASTER_ADDR once, before srun)
  # pasted as printed: every task then gets the same endpoint.
  stubs
  printf '#!/bin/bash\n[ "$1" = -i ] && echo "10.0.0.$((SLURM_NODEID + 1))" || echo "node0$((SLURM_NODEID + 1))"\n' >"$tmp/bin/hostname"
  chmod +x "$tmp/bin/hostname"
  cp "$cases/p12_srun_rdzv_hostname_i.sbatch" "$tmp/job.sbatch"
  got=$(batch "$tmp/job.sbatch" | grep -- '^argv:--rdzv_endpoint=')
  [ "$got" = $'argv:--rdzv_endpoint=10.0.0.1:29400\nargv:--rdzv_endpoint=10.0.0.2:29400' ] || fail "as written: $got"
  run lint --json "$tmp/job.sbatch"
  title=$(field lint.slurm.rendezvous-per-task title)
  grep -qF '(the address(es) `hostname -i` prints on this node)' <<<"$title" || fail "title: $title"
  grep -qF "host name" <<<"$title" && fail "title says host name: $title"
  fix=$(fix_text lint.slurm.rendezvous-per-task)
  line=${fix%%  #*}
  [ "$line" = 'export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)' ] || fail "fix: $fix"
  sed -i -e "s/^srun /$(sed 's/[&/\\|]/\\&/g' <<<"$line")\nsrun /" -e 's/\$(hostname -i)/$MASTER_ADDR/' "$tmp/job.sbatch"
  bash -n "$tmp/job.sbatch" || fail "bash -n: $(cat "$tmp/job.sbatch")"
  got=$(batch "$tmp/job.sbatch" | grep -- '^argv:--rdzv_endpoint=')
  [ "$got" = $'argv:--rdzv_endpoint=node01:29400\nargv:--rdzv_endpoint=node01:29400' ] || fail "fixed: $got"
  run lint --json "$tmp/job.sbatch"
  has lint.slurm.rendezvous-per-task && fail "relint: $(ids)"
  ;;
o-compose-node0)
  # p16: node 0's own command (line 10) is read only by node 0: a warning that says so; line 19 stays
  # the error. Both printed lines pasted (RANK0_HOST -> trainer0, the service name): valid YAML, and
  # lint has no finding left about the address.
  cp "$cases/p16_compose_command_list_loopback.yml" "$tmp/compose.yml"
  run lint --json "$tmp/compose.yml"
  # by line: the findings are listed errors first
  n10=$($py -c 'import json,sys; f=[f for f in json.load(open(sys.argv[1]))["findings"] if f["id"]=="lint.launch.master-addr-localhost"]; print([x["location"]["line"] for x in f].index(10))' "$tmp/out")
  n19=$((1 - n10))
  [ "$(field lint.launch.master-addr-localhost severity "$n10")" = warning ] || fail "line 10: $(cat "$tmp/out")"
  t0=$(field lint.launch.master-addr-localhost title "$n10")
  grep -qF "only node 0 reads this line, and there it reaches node 0's own store" <<<"$t0" || fail "line 10 title: $t0"
  grep -qF 'dial themselves' <<<"$t0" && fail "line 10 title: $t0"
  [ "$(field lint.launch.master-addr-localhost severity "$n19")" = error ] || fail "line 19: $(cat "$tmp/out")"
  field lint.launch.master-addr-localhost title "$n19" | grep -qF 'the other nodes dial themselves' || fail "line 19 title"
  for n in 0 1; do
    ln=$(field lint.launch.master-addr-localhost location $n | $py -c 'import ast,sys; print(ast.literal_eval(sys.stdin.read())["line"])')
    fix=$(field lint.launch.master-addr-localhost fix $n | $py -c 'import ast,sys; print(ast.literal_eval(sys.stdin.read())["text"])')
    indent=$(sed -n "${ln}p" "$tmp/compose.yml" | sed 's/[^ ].*//')
    $py - "$tmp/compose.yml" "$ln" "$indent${fix//RANK0_HOST/trainer0}" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
lines[int(sys.argv[2]) - 1] = sys.argv[3]
open(sys.argv[1], "w").write("\n".join(lines))
PY
  done
  $py -c 'import sys, yaml; d = yaml.safe_load(open(sys.argv[1])); assert all("--master_addr=trainer0" in s["command"] for s in d["services"].values()), d' "$tmp/compose.yml" ||
    fail "yaml: $(cat "$tmp/compose.yml")"
  run lint --json "$tmp/compose.yml"
  has lint.launch.master-addr-localhost && fail "relint: $(ids)"
  ;;
o-port-standalone)
  # p30 and p13, read as the stranger wrote them; each prose fix pasted, the command run by bash
  # with a stand-in torchrun, and lint again.
  stubs
  cp "$cases/p30_master_port_typo.sh" "$tmp/p30.sh"
  run lint --json "$tmp/p30.sh"
  [ "$rc" = 1 ] && has lint.torch.port-out-of-range || fail "p30: $(ids)"
  fix=$(fix_text lint.torch.port-out-of-range)
  grep -qF -- '--master_port=29500' <<<"$fix" || fail "p30 fix: $fix"
  sed -i 's/--master_port=295000/--master_port=29500/' "$tmp/p30.sh"
  got=$(env -i PATH="$tmp/bin:/usr/bin:/bin" bash "$tmp/p30.sh" 1 | grep -- '--master_port')
  [ "$got" = 'argv:--master_port=29500' ] || fail "p30 fixed: $got"
  run lint --json "$tmp/p30.sh"
  has lint.torch.port-out-of-range && fail "p30 relint: $(ids)"
  cp "$cases/p13_torchrun_standalone_nnodes2.sh" "$tmp/p13.sh"
  run lint --json "$tmp/p13.sh"
  [ "$rc" = 1 ] && has lint.torch.standalone-multi-node || fail "p13: $(ids)"
  fix=$(fix_text lint.torch.standalone-multi-node)
  flags=$(sed -n 's/^drop --standalone and give every node the same rendezvous: \(.*\)  # .*/\1/p' <<<"$fix")
  [ -n "$flags" ] || fail "p13 fix: $fix"
  sed -i "s/--standalone /${flags//RANK0_HOST/node01} /; s/JOB_ID/job42/" "$tmp/p13.sh"
  bash -n "$tmp/p13.sh" || fail "bash -n: $(cat "$tmp/p13.sh")"
  got=$(env -i PATH="$tmp/bin:/usr/bin:/bin" bash "$tmp/p13.sh" | grep -- '^argv:--rdzv')
  [ "$got" = $'argv:--rdzv_backend=c10d\nargv:--rdzv_endpoint=node01:29400\nargv:--rdzv_id=job42' ] || fail "p13 fixed: $got"
  run lint --json "$tmp/p13.sh"
  [ "$rc" = 0 ] || fail "p13 relint (exit $rc): $(ids) $(cat "$tmp/p13.sh")"
  ;;
o-init-file)
  # p28: init_method="file:///tmp/..." with NODE_RANK/NNODES. The printed line pasted (SHARED: a
  # folder both ranks see), python's ast, lint again, and a real two-rank Gloo job through that file
  # (two "nodes" on this machine: NODE_RANK 0 and 1, one process each).
  cp "$cases/p28_init_file_tmp.py" "$tmp/train.py"
  run lint --json "$tmp/train.py"
  [ "$rc" = 1 ] && has lint.torch.init-file-node-local || fail "p28: $(ids)"
  fix=$(fix_text lint.torch.init-file-node-local)
  line=${fix%%  #*}
  [ "$line" = 'init_method="file:///SHARED/ddp_init_file"' ] || fail "fix: $fix"
  # a folder outside /tmp (which the rule judges node-local): one in the build tree ctest runs in
  shared=$(mktemp -d "$PWD/dd-stranger13-shared-XXXXXX")
  sed -i "s|^    init_method=.*|    ${line//SHARED/${shared#/}},|" "$tmp/train.py"
  $py -c 'import ast, sys; ast.parse(open(sys.argv[1]).read())' "$tmp/train.py" || fail "ast: $(cat "$tmp/train.py")"
  run lint --json "$tmp/train.py"
  has lint.torch.init-file-node-local && fail "relint: $(ids)"
  sed -e 's/backend="nccl"/backend="gloo"/' -e 's/^GPUS = .*/GPUS = 1/' "$tmp/train.py" >"$tmp/cpu.py"
  printf 'print("rank", dist.get_rank(), "of", dist.get_world_size())\n' >>"$tmp/cpu.py"
  for r in 0 1; do
    NODE_RANK=$r NNODES=2 LOCAL_RANK=0 GLOO_SOCKET_IFNAME=lo timeout 60 $py "$tmp/cpu.py" >"$tmp/rank$r.log" 2>&1 &
  done
  wait
  grep -q 'rank 0 of 2' "$tmp/rank0.log" && grep -q 'rank 1 of 2' "$tmp/rank1.log" ||
    fail "job: $(cat "$tmp/rank0.log" "$tmp/rank1.log")"
  ;;
p-export-none)
  # p23 (issue 27): `srun --export=NONE /opt/conda/envs/train/bin/python train.py` with env:// and
  # MASTER_ADDR/MASTER_PORT exported only to the batch shell. A stand-in srun honours --export as
  # srun(1) says (NONE: only SLURM_*; A,B: those and SLURM_*; none: everything) and starts 2 tasks of
  # a real Gloo job (train.py on CPU; the conda python is this machine's python3; GLOO_SOCKET_IFNAME=lo
  # is this machine's, added to every task). As written every rank stops; after `lint --fix` both
  # ranks finish their all_reduce and lint has nothing to say.
  cp -r "$cases/p23_srun_export_none" "$tmp/job"
  run lint --json "$tmp/job"
  [ "$rc" = 1 ] && has lint.slurm.export-none-drops-env || fail "lint (exit $rc): $(ids)"
  title=$(field lint.slurm.export-none-drops-env title)
  grep -qF 'MASTER_ADDR and MASTER_PORT, exported above it, do not reach the tasks' <<<"$title" || fail "title: $title"
  mkdir -p "$tmp/bin"
  printf '#!/bin/bash\necho 127.0.0.1\n' >"$tmp/bin/scontrol"
  cat >"$tmp/bin/srun" <<SRUN
#!/bin/bash
export=ALL
while [ \$# -gt 0 ] && [ "\${1#-}" != "\$1" ]; do
  case \$1 in --export=*) export=\${1#--export=} ;; --export) shift; export=\$1 ;; esac
  shift
done
cmd=("\$@")
case \${cmd[0]} in */python) cmd[0]=$py ;; esac
for task in 0 1; do
  vars=(SLURM_PROCID=\$task SLURM_NTASKS=2 SLURM_LOCALID=\$task GLOO_SOCKET_IFNAME=lo)
  case \$export in
  ALL) env "\${vars[@]}" timeout 60 "\${cmd[@]}" & ;;
  NONE) env -i "\${vars[@]}" timeout 60 "\${cmd[@]}" & ;;
  *) keep=(); for v in \${export//,/ }; do keep+=("\$v=\${!v}"); done
     env -i "\${keep[@]}" "\${vars[@]}" timeout 60 "\${cmd[@]}" & ;;
  esac
done
wait
SRUN
  chmod +x "$tmp/bin/scontrol" "$tmp/bin/srun"
  sed -e 's/"nccl"/"gloo"/' -e '/torch.cuda.set_device/d' -e 's/device="cuda"/device="cpu"/' \
    "$cases/p23_srun_export_none/train.py" >"$tmp/job/train.py"
  printf 'print("rank", rank, "sum", int(t.item()))\n' >>"$tmp/job/train.py"
  port=$($py -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  sed -i "s/MASTER_PORT=29500/MASTER_PORT=$port/" "$tmp/job/launch.sbatch"
  sb() { (cd "$tmp/job" && env -i PATH="$tmp/bin:/usr/bin:/bin" SLURM_JOB_NODELIST=node01 bash launch.sbatch 2>&1); }
  got=$(sb)
  [ "$(grep -c 'MASTER_ADDR expected, but not set' <<<"$got")" = 2 ] || fail "as written: $got"
  run lint --fix "$tmp/job"
  grep -q '\[lint.slurm.export-none-drops-env\]' "$tmp/out" "$tmp/err" || fail "--fix: $(cat "$tmp/out" "$tmp/err")"
  bash -n "$tmp/job/launch.sbatch" || fail "bash -n: $(cat "$tmp/job/launch.sbatch")"
  grep -qx 'srun --export=MASTER_ADDR,MASTER_PORT /opt/conda/envs/train/bin/python train.py' "$tmp/job/launch.sbatch" ||
    fail "edited: $(cat "$tmp/job/launch.sbatch")"
  got=$(sb)
  grep -qx 'rank 0 sum 2' <<<"$got" && grep -qx 'rank 1 sum 2' <<<"$got" || fail "after --fix: $got"
  run lint --json "$tmp/job"
  has lint.slurm.export-none-drops-env && fail "relint: $(ids)"
  [ "$rc" = 0 ] || fail "relint (exit $rc): $(ids)"
  ;;
p-ib-timeout)
  # p22 (issue 27): NCCL_IB_TIMEOUT=5000 in a .env file (an exponent 0..31, not milliseconds). lint
  # and env both say so; `env --export` run through bash sets 22, and env on that is silent about it;
  # `lint --fix` on the file, bash sources it, and lint says OK.
  cp "$cases/p22_nccl_ib_timeout_ms.env" "$tmp/cluster.env"
  run lint --json "$tmp/cluster.env"
  [ "$rc" = 1 ] && has env.nccl.ib-timeout-range || fail "lint (exit $rc): $(ids)"
  field env.nccl.ib-timeout-range title | grep -qF 'NCCL_IB_TIMEOUT=5000 is outside 0..31: it is an exponent' ||
    fail "title: $(field env.nccl.ib-timeout-range title)"
  # envrun FILE PRELUDE ARGS: distdoctor env ARGS in a clean shell that sourced FILE, then ran PRELUDE
  envrun() { env -i PATH=/usr/bin:/bin bash -c "set -a; . '$1'; set +a; $2 \"\$@\"" _ "$dd" env "${@:3}"; }
  envrun "$tmp/cluster.env" "" --json >"$tmp/env.json" 2>/dev/null
  grep -q '"env.nccl.ib-timeout-range"' "$tmp/env.json" || fail "env before: $(cat "$tmp/env.json")"
  envrun "$tmp/cluster.env" "" --export >"$tmp/export.sh" 2>/dev/null
  bash -n "$tmp/export.sh" || fail "export lines: $(cat "$tmp/export.sh")"
  value=$(env -i PATH=/usr/bin:/bin bash -c ". '$tmp/cluster.env'; . '$tmp/export.sh'; printf %s \"\$NCCL_IB_TIMEOUT\"")
  [ "$value" = 22 ] || fail "after the export lines: [$value] $(cat "$tmp/export.sh")"
  envrun "$tmp/cluster.env" ". '$tmp/export.sh';" --json >"$tmp/env.json" 2>/dev/null
  grep -q '"env.nccl.ib-timeout-range"' "$tmp/env.json" && fail "env after: $(cat "$tmp/env.json")"
  run lint --fix "$tmp/cluster.env"
  value=$(env -i PATH=/usr/bin:/bin bash -c ". '$tmp/cluster.env'; printf %s \"\$NCCL_IB_TIMEOUT\"")
  [ "$value" = 22 ] || fail "after --fix: [$value] $(cat "$tmp/cluster.env")"
  run lint --json "$tmp/cluster.env"
  [ "$rc" = 0 ] && ! has env.nccl.ib-timeout-range || fail "relint (exit $rc): $(ids)"
  ;;
p-compose-shm)
  # p24 (issue 27): a Compose service with 4 GPUs, --num_workers 8, neither shm_size nor ipc: host.
  # `lint --fix`, the file through PyYAML (Compose is not installed here): the same services and keys
  # plus ipc: host; lint again has no /dev/shm finding, and c08 (ipc: host) never had one.
  cp "$cases/p24_compose_no_shm_4gpu.yml" "$tmp/docker-compose.yml"
  run lint --json "$tmp/docker-compose.yml"
  has lint.compose.small-shm || fail "lint (exit $rc): $(ids)"
  field lint.compose.small-shm title | grep -qF 'asks for 4 GPUs and sets neither shm_size nor ipc: host' ||
    fail "title: $(field lint.compose.small-shm title)"
  run lint --fix "$tmp/docker-compose.yml"
  grep -q '\[lint.compose.small-shm\]' "$tmp/out" "$tmp/err" || fail "--fix: $(cat "$tmp/out" "$tmp/err")"
  $py - "$cases/p24_compose_no_shm_4gpu.yml" "$tmp/docker-compose.yml" <<'PY' || fail "yaml: $(cat "$tmp/docker-compose.yml")"
import sys, yaml
before, after = (yaml.safe_load(open(p)) for p in sys.argv[1:])
svc = after["services"]["train"]
assert svc.pop("ipc") == "host", svc
assert after == before, (after, before)
PY
  run lint --json "$tmp/docker-compose.yml"
  has lint.compose.small-shm && fail "relint: $(ids)"
  [ "$rc" = 0 ] || fail "relint (exit $rc): $(ids)"
  run lint --json "$cases/c08_compose_hostnet.yml"
  has lint.compose.small-shm && fail "c08: $(ids)"
  ;;
*) fail "unknown case" ;;
esac
echo "ok $case"
