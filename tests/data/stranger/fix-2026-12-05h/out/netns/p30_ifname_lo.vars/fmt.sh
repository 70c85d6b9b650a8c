# distdoctor fix: source this file (or paste it) on every node before the launch command
# nccl.ifname.selects-loopback: NCCL_SOCKET_IFNAME='lo' selects lo (loopback): other nodes cannot reach this rank
#   export NCCL_SOCKET_IFNAME==ens5 (selects ens5, veth interface, 10000 Mb/s) on every node; interface names can differ between nodes, `distdoctor preflight` finds per-host values
# gloo.ifname.loopback: GLOO_SOCKET_IFNAME selects lo:127.0.0.1 (loopback): ranks on other nodes cannot connect to Gloo (ranks on this node can)
#   export GLOO_SOCKET_IFNAME=ens5 (binds 198.18.11.1)
export GLOO_SOCKET_IFNAME=ens5
export NCCL_SOCKET_IFNAME==ens5
