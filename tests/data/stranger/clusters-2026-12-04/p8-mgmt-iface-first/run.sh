#!/bin/bash
# P8: planted cause: every node has an isolated "management" interface evqa0 (a veth whose peer sits unbridged in the switch namespace, 198.18.79.1X/24, created first so it is
#     first in interface order); NCCL's default choice takes it; its addresses are reachable from no other node. Gloo follows the hostname (fine).
WORK=$(cd "$(dirname "$0")" && pwd); cd /work/eval-clusters; . ./lib.sh; . ./pf_common.sh
trap cleanup EXIT INT TERM; : > $WORK/pids
mk_switch
for i in 0 1; do NODES+=(evqn$i); ip netns add evqn$i; ip link add evqy$i type veth peer name evqz$i; ip link set evqy$i netns evqn$i; ip link set evqz$i netns $SW; ip -n $SW link set evqz$i up
  ip -n evqn$i link set evqy$i name evqa0; ip -n evqn$i addr add 198.18.79.1$i/24 dev evqa0; ip -n evqn$i link set evqa0 up; done
NODES=()
# mk_node would re-add the namespace: create the data links by hand
for i in 0 1; do NODES+=(evqn$i)
  ip link add evqx$i type veth peer name evqp$i; ip link set evqx$i netns evqn$i; ip link set evqp$i netns $SW
  ip -n evqn$i link set evqx$i name evqe0; ip -n evqn$i addr add 198.18.77.1$i/24 dev evqe0; ip -n evqn$i link set evqe0 up; ip -n evqn$i link set lo up
  ip -n $SW link set evqp$i master evqbr; ip -n $SW link set evqp$i up; done
for i in 0 1; do std_hosts $WORK/hosts.$i "198.18.77.10 evqnode0" "198.18.77.11 evqnode1"; done
MADDR=evqnode0
run_preflight pf 2
maybe_fix 2
