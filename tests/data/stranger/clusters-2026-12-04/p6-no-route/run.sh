#!/bin/bash
# P6: planted cause: node2 sits on 198.18.78.0/24 behind router evqrt; node0/node1 route 198.18.78.0/24 via the router,
#     but node2 has NO route back to 198.18.77.0/24 (its gateway was never configured)
WORK=$(cd "$(dirname "$0")" && pwd); cd /work/eval-clusters; . ./lib.sh; . ./pf_common.sh
trap cleanup EXIT INT TERM; : > $WORK/pids
mk_switch; mk_node 0 198.18.77.10; mk_node 1 198.18.77.11
ip netns add evqrt; ip -n evqrt link set lo up; ip netns exec evqrt sysctl -qw net.ipv4.ip_forward=1
ip link add evqra type veth peer name evqrb; ip link set evqra netns evqrt; ip link set evqrb netns $SW
ip -n evqrt addr add 198.18.77.1/24 dev evqra; ip -n evqrt link set evqra up
ip -n $SW link set evqrb master evqbr; ip -n $SW link set evqrb up
NODES+=(evqn2); ip netns add evqn2; ip -n evqn2 link set lo up
ip link add evqx2 type veth peer name evqrc; ip link set evqx2 netns evqn2; ip link set evqrc netns evqrt
ip -n evqn2 link set evqx2 name evqe0; ip -n evqn2 addr add 198.18.78.12/24 dev evqe0; ip -n evqn2 link set evqe0 up
ip -n evqrt addr add 198.18.78.1/24 dev evqrc; ip -n evqrt link set evqrc up
for i in 0 1; do ip -n evqn$i route add 198.18.78.0/24 via 198.18.77.1; done
# (planted: no "ip -n evqn2 route add 198.18.77.0/24 via 198.18.78.1")
for i in 0 1 2; do std_hosts $WORK/hosts.$i "198.18.77.10 evqnode0" "198.18.77.11 evqnode1" "198.18.78.12 evqnode2"; done
MADDR=evqnode0
run_preflight pf 3
maybe_fix 3
