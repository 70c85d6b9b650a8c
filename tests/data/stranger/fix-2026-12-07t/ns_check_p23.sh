#!/bin/bash
# ns_check_p23.sh: `distdoctor check` and `nics` with p23's variables on an emulated node (ens6 only)
export ASAN_OPTIONS=detect_leaks=0 NO_COLOR=1
D=/work/eval-bin25/distdoctor
cd "$(dirname "$0")"; o=out/ns_check_p23; mkdir -p $o
cleanup() { for n in s23c s23sw; do ip netns del $n 2>/dev/null; done; }
trap cleanup EXIT
ip netns add s23c; ip netns add s23sw
ip -n s23c link set lo up
ip -n s23c link add ens6 type veth peer name s23vc; ip -n s23c link set s23vc netns s23sw; ip -n s23sw link set s23vc up
ip -n s23c addr add 198.18.70.21/16 dev ens6; ip -n s23c link set ens6 up
ip netns exec s23c unshare --uts env -i PATH=/usr/bin:/bin HOME=/root bash -c "hostname gpu-01; set -a; . cases/p23_nccl_comm_id_loopback.vars.sh; timeout 60 $D check; echo rc=\$?; timeout 60 $D nics; echo rc=\$?" > $o/check_nics.txt 2>&1
# check's prose fix applied: NCCL_COMM_ID = the root node's address on the data network (this node, ens6)
ip netns exec s23c unshare --uts env -i PATH=/usr/bin:/bin HOME=/root bash -c "hostname gpu-01; set -a; . cases/p23_nccl_comm_id_loopback.vars.sh; NCCL_COMM_ID=198.18.70.21:29402; timeout 60 $D check; echo rc=\$?; timeout 60 $D env; echo rc=\$?" > $o/after_fix.txt 2>&1
