# distdoctor fix: source this file (or paste it) on every node before the launch command
# nccl.ifname.selects-loopback: NCCL_SOCKET_IFNAME='lo' selects lo (loopback): other nodes cannot reach this rank
#   export NCCL_SOCKET_IFNAME==eth0 (selects eth0, physical interface) on every node; interface names can differ between nodes, `distdoctor preflight` finds per-host values
# gloo.ifname.loopback: GLOO_SOCKET_IFNAME selects lo:127.0.0.1 (loopback): ranks on other nodes cannot connect to Gloo (ranks on this node can)
#   export GLOO_SOCKET_IFNAME=eth0 (binds 192.0.2.2)
export GLOO_SOCKET_IFNAME=eth0
export NCCL_SOCKET_IFNAME==eth0
