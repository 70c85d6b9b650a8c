#!/bin/bash
# ns_template.sh: launch-template on the emulated gpu-01 of p02/c01 (eno1 mgmt, ens1f0/1 address-less, bond0 data),
# with no NCCL variable set and with c01's variables; each template checked with bash -n and linted.
export ASAN_OPTIONS=detect_leaks=0 NO_COLOR=1
D=/work/eval-bin25/distdoctor
cd "$(dirname "$0")"; o=out/template; mkdir -p $o
cleanup() { for n in s23b s23sw; do ip netns del $n 2>/dev/null; done; }
trap cleanup EXIT
ip netns add s23b; ip netns add s23sw
ip -n s23b link set lo up
for p in "eno1 198.18.1.11/24" "ens1f0 -" "ens1f1 -" "bond0 198.18.40.11/16"; do
  set -- $p; ip -n s23b link add $1 type veth peer name s23v$1; ip -n s23b link set s23v$1 netns s23sw; ip -n s23sw link set s23v$1 up
  [ "$2" != - ] && ip -n s23b addr add $2 dev $1
done
ip netns exec s23b sysctl -qw net.ipv6.conf.ens1f0.disable_ipv6=1 net.ipv6.conf.ens1f1.disable_ipv6=1
for l in eno1 ens1f0 ens1f1 bond0; do ip -n s23b link set $l up; done
for l in torchrun srun mpirun tf; do
  ext=sh; [ $l = srun ] && ext=sbatch; [ $l = tf ] && ext=sh
  ip netns exec s23b unshare --uts env -i PATH=/usr/bin:/bin HOME=/root bash -c "hostname gpu-01; timeout 60 $D launch-template --launcher $l --nodes 2 --gpus-per-node 8" > $o/bare_$l.$ext 2> $o/bare_$l.err
  ip netns exec s23b unshare --uts env -i PATH=/usr/bin:/bin HOME=/root bash -c "hostname gpu-01; set -a; . cases/c01_bond.vars.sh; timeout 60 $D launch-template --launcher $l --nodes 2 --gpus-per-node 8" > $o/c01_$l.$ext 2> $o/c01_$l.err
done
for f in $o/*.sh $o/*.sbatch; do bash -n $f && echo "ok bash -n $f" || echo "FAIL bash -n $f"; done > $o/bash_n.txt 2>&1
nice $D lint $o/*.sh $o/*.sbatch > $o/lint.txt 2>&1; echo rc=$? >> $o/lint.txt
