# distdoctor fix: source this file (or paste it) on every node before the launch command
# gloo.ifname.loopback: GLOO_SOCKET_IFNAME selects lo:127.0.0.1 (loopback): ranks on other nodes cannot connect to Gloo (ranks on this node can)
#   export GLOO_SOCKET_IFNAME=eth0 (binds 192.0.2.2); or map this host name to the node's real address in /etc/hosts
export GLOO_SOCKET_IFNAME=eth0
