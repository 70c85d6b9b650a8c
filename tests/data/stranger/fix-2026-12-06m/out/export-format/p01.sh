# distdoctor fix: source this file (or paste it) on every node before the launch command
# gloo.ifname.unknown: Gloo cannot start: Unable to find address for: eth (GLOO_SOCKET_IFNAME takes exact interface names)
#   export GLOO_SOCKET_IFNAME=eth0 (binds 192.0.2.2)
export GLOO_SOCKET_IFNAME=eth0
# rc=1
