#!/bin/bash
# usage: tools/check_lt.sh TMPDIR (after run_all.sh): each launch-template through bash -n, then run with stubs
T=${1:?}; B=$(cd "$(dirname "$0")/.." && pwd); O=$B/out/lt
. "$B/tools/stubs.sh"; make_stubs "$T/bin"
printf 'node0 slots=4\nnode1 slots=4\n' > "$T/hostfile"
# python3 stub that prints TF_CONFIG for the tf template
cat > "$T/bin/python3" <<'STUB'
#!/bin/bash
echo "ARGV python3 $* TF_CONFIG=${TF_CONFIG-<unset>} NCCL_SOCKET_IFNAME=${NCCL_SOCKET_IFNAME-} GLOO_SOCKET_IFNAME=${GLOO_SOCKET_IFNAME-}" >&2
[ -n "${TF_CONFIG-}" ] && /usr/bin/python3 -c 'import json,os; print("TF_CONFIG parses:", json.loads(os.environ["TF_CONFIG"]))' >&2
exit 0
STUB
chmod +x "$T/bin/python3"
for l in torchrun srun mpirun tf; do
  echo "===== $l"; bash -n "$O/$l.txt" && echo "bash -n ok"
  ( cd "$T" && env -i PATH="$T/bin:/usr/bin:/bin" NODE_RANK=1 MASTER_ADDR=192.0.2.2 TASK_INDEX=1 SLURM_JOB_NODELIST='node[01-02]' SLURM_NNODES=2 bash "$O/$l.txt" 2>&1; echo "exit=$?" ) | cut -c1-500
done
echo "===== check --export-format sh"; bash -n "$O/check.export.sh" && echo "bash -n ok"
