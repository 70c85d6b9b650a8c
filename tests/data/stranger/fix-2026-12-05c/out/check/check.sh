# distdoctor fix: source this file (or paste it) on every node before the launch command
# gloo.hostname-loopback: host name 'vm' resolves to 127.0.0.1: Gloo binds the loopback interface, which ranks on other nodes cannot connect to
#   export GLOO_SOCKET_IFNAME=eth0 (binds 192.0.2.2); or map this host name to the node's real address in /etc/hosts
export GLOO_SOCKET_IFNAME=eth0
