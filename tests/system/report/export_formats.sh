#!/bin/bash
# export_formats.sh DISTDOCTOR: every --export-format of env, check and a real 2-node preflight
# (namespace nodes from tests/system/preflight/lib.sh: eno1 on node0, eth0 on node1, so NCCL gets
# one list and Gloo a per-host value) goes through its own checker (check_format.py); the sh output
# is sourced on each node and must give that node its recommended values; the slurm script runs
# with stand-in scontrol/srun/torchrun that record what the nodes would get. A bad format name is
# exit 2 with a message naming it.
DD=$1
ME="$(cd "$(dirname "$0")" && pwd)"
HERE="$ME/../preflight"
. "$HERE/lib.sh"
CHECK="/usr/bin/python3 $ME/check_format.py"
FORMATS="sh dockerfile k8s slurm torchrun tf"

# 1. a bad name: exit 2 and a message naming the value, before any work
for cmd in "env" "check --no-probe" "preflight --world 1 --rank 0 --rendezvous 127.0.0.1:1"; do
  out=$($DD $cmd --export-format bash 2>&1); rc=$?
  [ $rc = 2 ] || die "$cmd --export-format bash: exit $rc"
  [[ "$out" == *"--export-format 'bash': unknown format"*"dockerfile"* ]] || die "$cmd: message '$out'"
done
out=$($DD env --export-format sh --json 2>&1); rc=$?
[ $rc = 2 ] && [[ "$out" == *"--json"* ]] || die "--export-format with --json: exit $rc '$out'"
note "bad format names: exit 2"

# two namespace nodes: eno1 on node0, eth0 on node1
node 0; node 1
for i in 0 1; do hosts_line "$i" 198.18.1.1 node0; hosts_line "$i" 198.18.1.2 node1; done
link 0 eno1 198.18.1.1/24
link 1 eth0 198.18.1.2/24

# 2. env and check with a broken environment: every format passes its checker
BAD=(NCCL_SOCKET_IFNAME=nosuchif0 NCCL_IB_DISABLE=yes GLOO_SOCKET_IFNAME=nosuchif0)
for f in $FORMATS; do
  env "${BAD[@]}" "$DD" env --export-format "$f" > "$WORK/env.$f"; rc=$?
  [ $rc = 1 ] || die "env --export-format $f: exit $rc (the bad NCCL_SOCKET_IFNAME is an error finding)"
  $CHECK "$f" "$WORK/env.$f" || { cat "$WORK/env.$f" >&2; die "env --export-format $f"; }
  in_node 0 env "${BAD[@]}" "$DD" check --no-probe --export-format "$f" > "$WORK/check.$f"
  $CHECK "$f" "$WORK/check.$f" || { cat "$WORK/check.$f" >&2; die "check --export-format $f"; }
done
grep -q '^export NCCL_IB_DISABLE=1$' "$WORK/env.sh" || die "env's sh export does not fix NCCL_IB_DISABLE=yes: $(cat "$WORK/env.sh")"
grep -q 'NCCL_SOCKET_IFNAME' "$WORK/check.sh" || die "check's sh export does not fix NCCL_SOCKET_IFNAME: $(cat "$WORK/check.sh")"
note "env and check: every format passes its checker"

# 3. a real preflight whose fix has a per-host value
COPIED=(NCCL_SOCKET_IFNAME=eth0 GLOO_SOCKET_IFNAME=eth0)  # node1's value copied to node0: it has no eth0
run_pf 1 "$WORK/member.json" "${COPIED[@]}" -- --rendezvous 198.18.1.1:29401 --rank 1 --world 2 --timeout 30 --no-probe
member=$PF_PID
in_node 0 env "${COPIED[@]}" "$DD" preflight --rendezvous 198.18.1.1:29401 --rank 0 --world 2 --timeout 30 --no-probe --json > "$WORK/pf.json"
wait $member
note "preflight: $(jq_ "$WORK/pf.json" 'd["verdict"] + " - " + d["reason"]')"
[ "$(jq_ "$WORK/pf.json" 'd["recommendation"]["per_host"]["node1"]["GLOO_SOCKET_IFNAME"]')" = eth0 ] ||
  die "no per-host Gloo value: $(jq_ "$WORK/pf.json" 'd["recommendation"]')"
for f in $FORMATS; do
  run_pf 1 "$WORK/member.$f.json" "${COPIED[@]}" -- --rendezvous 198.18.1.1:29401 --rank 1 --world 2 --timeout 30 --no-probe
  member=$PF_PID
  in_node 0 env "${COPIED[@]}" "$DD" preflight --rendezvous 198.18.1.1:29401 --rank 0 --world 2 --timeout 30 --no-probe --export-format "$f" > "$WORK/pf.$f"
  rc=$?
  wait $member
  [ $rc = 0 ] || [ $rc = 1 ] || die "preflight --export-format $f: exit $rc"
  $CHECK "$f" "$WORK/pf.$f" || { cat "$WORK/pf.$f" >&2; die "preflight --export-format $f"; }
done
note "preflight: every format passes its checker"

# 4. the sh block, sourced on each node, gives that node its recommended values
for i in 0 1; do
  got=$(in_node "$i" bash -c '. "$1"; echo "$NCCL_SOCKET_IFNAME $GLOO_SOCKET_IFNAME"' _ "$WORK/pf.sh")
  fix=$(fix_env_for "$WORK/pf.json" "node$i" | tr ' ' '\n')
  want="$(sed -n 's/^NCCL_SOCKET_IFNAME=//p' <<<"$fix") $(sed -n 's/^GLOO_SOCKET_IFNAME=//p' <<<"$fix")"
  [ "$got" = "$want" ] || die "node$i: sourced sh gives '$got', recommendation '$want'"
done
# tf: one TF_CONFIG per node, index = rank
[ "$(/usr/bin/python3 -c 'import json,sys; print(json.loads(json.load(open(sys.argv[1]))["tf_config"]["node1"])["task"]["index"])' "$WORK/pf.tf")" = 1 ] ||
  die "tf: node1's TF_CONFIG index"
# k8s: the verified NCCL value in the container's env list
/usr/bin/python3 - "$WORK/pf.k8s" "$(jq_ "$WORK/pf.json" 'd["recommendation"]["env"]["NCCL_SOCKET_IFNAME"]')" <<'PY' || die "k8s env"
import sys, yaml
env = {e["name"]: e["value"] for e in yaml.safe_load(open(sys.argv[1]))["spec"]["containers"][0]["env"]}
sys.exit(0 if env.get("NCCL_SOCKET_IFNAME") == sys.argv[2] else 1)
PY

# 5. the slurm script runs: stand-ins for scontrol/srun/torchrun record what each node gets
mkdir -p "$WORK/bin"
# a long host list: head -n 1 closes the pipe early, which must not abort the script (SIGPIPE)
printf '#!/bin/bash\nprintf "node0\\nnode1\\n"\nseq 200000 | sed s/^/nodex/\n' > "$WORK/bin/scontrol"
printf '#!/bin/bash\nexport SLURM_NNODES=2 SLURM_NODEID=${FAKE_NODEID}\nexec "$@"\n' > "$WORK/bin/srun"
printf '#!/bin/bash\necho "GLOO=$GLOO_SOCKET_IFNAME NCCL=$NCCL_SOCKET_IFNAME MASTER=$MASTER_ADDR ARGS=$*"\n' > "$WORK/bin/torchrun"
chmod +x "$WORK/bin/"*
for i in 0 1; do
  # the preflight checks nodes, not GPUs: the script asks for GPUS_PER_NODE rather than assume one
  ! in_node "$i" env PATH="$WORK/bin:$PATH" FAKE_NODEID=$i SLURM_JOB_NODELIST='node[0-1]' bash "$WORK/pf.slurm" \
    >/dev/null 2>&1 || die "node$i: the slurm script ran without GPUS_PER_NODE"
  got=$(in_node "$i" env PATH="$WORK/bin:$PATH" FAKE_NODEID=$i GPUS_PER_NODE=8 SLURM_JOB_NODELIST='node[0-1]' \
    bash "$WORK/pf.slurm")
  note "node$i: $got"
  gloo=$(fix_env_for "$WORK/pf.json" "node$i" | tr ' ' '\n' | sed -n 's/^GLOO_SOCKET_IFNAME=//p')
  [[ "$got" == "GLOO=$gloo NCCL="*" MASTER=node0 ARGS=--nnodes=2 --nproc_per_node=8 --node_rank=$i "*"--master_addr=node0 "* ]] ||
    die "node$i: slurm script gave '$got'"
done
note "slurm script: each node gets its own values, node0 is the master"
echo "PASS"
