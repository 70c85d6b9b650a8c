#!/bin/bash
# ns_p25.sh: p25's environment (the sbatch's exports) on an emulated cpu-b01 (ens6 only) and cpu-a01 (ens5 only):
# v2: MASTER_ADDR as an address (v1 used the name cpu-a01, which nothing resolves in these namespaces: out/ns_p25_v1_master_name)
# env, env --export applied, env again, on both; shows what a per-node fix from `env` does to the other node.
export ASAN_OPTIONS=detect_leaks=0 NO_COLOR=1
D=/work/eval-bin25/distdoctor
cd "$(dirname "$0")"; o=out/ns_p25; mkdir -p $o
cleanup() { for n in s23a s23b s23sw; do ip netns del $n 2>/dev/null; done; }
trap cleanup EXIT
ip netns add s23a; ip netns add s23b; ip netns add s23sw
ip -n s23a link set lo up; ip -n s23b link set lo up
ip -n s23a link add ens5 type veth peer name s23va; ip -n s23a link set s23va netns s23sw
ip -n s23b link add ens6 type veth peer name s23vb; ip -n s23b link set s23vb netns s23sw
ip -n s23sw link add s23br type bridge; for l in s23va s23vb; do ip -n s23sw link set $l master s23br; ip -n s23sw link set $l up; done; ip -n s23sw link set s23br up
ip -n s23a addr add 198.18.31.1/16 dev ens5; ip -n s23b addr add 198.18.32.1/16 dev ens6
ip -n s23a link set ens5 up; ip -n s23b link set ens6 up
vars='MASTER_ADDR=198.18.31.1 MASTER_PORT=29500 GLOO_SOCKET_IFNAME=ens5 SLURM_JOB_NODELIST=cpu-a01,cpu-b01 SLURM_NNODES=2 SLURM_NTASKS=2 SLURM_JOB_ID=4711'
for pair in "s23b cpu-b01 1" "s23a cpu-a01 0"; do set -- $pair
  ip netns exec $1 unshare --uts env -i PATH=/usr/bin:/bin HOME=/root $vars SLURM_NODEID=$3 SLURM_PROCID=$3 bash -c "hostname $2; timeout 60 $D env; echo rc=\$?; timeout 60 $D env --export > $o/$2.export; echo '--- export:'; cat $o/$2.export" > $o/$2.txt 2>&1
done
# the fix printed on cpu-b01, applied on cpu-a01 (the sbatch exports once for both nodes)
ip netns exec s23a unshare --uts env -i PATH=/usr/bin:/bin HOME=/root $vars SLURM_NODEID=0 bash -c "hostname cpu-a01; eval \"\$(cat $o/cpu-b01.export)\"; echo GLOO_SOCKET_IFNAME=\$GLOO_SOCKET_IFNAME; timeout 60 $D env; echo rc=\$?" > $o/cpu-a01.with-b01-fix.txt 2>&1
