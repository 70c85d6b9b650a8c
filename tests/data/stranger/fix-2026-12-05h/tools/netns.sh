#!/bin/bash
# usage: tools/netns.sh up|down — a network namespace s11n whose only NIC besides lo is "ens5"
# (198.18.11.1/24; its veth peer s11p stays inside the namespace too), the name the .env/.vars cases use.
set -u
case "$1" in
  up)
    ip netns add s11n || exit 1
    ip -n s11n link add ens5 type veth peer name s11p || { ip netns del s11n; exit 1; }
    ip -n s11n addr add 198.18.11.1/24 dev ens5
    ip -n s11n link set lo up; ip -n s11n link set ens5 up; ip -n s11n link set s11p up
    ip -n s11n -br addr ;;
  down)
    ip netns del s11n ;;
esac
