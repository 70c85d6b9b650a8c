# distdoctor fix: paste after FROM in the training image's Dockerfile
# env.gloo.ifname-syntax: GLOO_SOCKET_IFNAME must list exact interface names; Gloo fails with "Unable to find address for"
#   write the interface names themselves: GLOO_SOCKET_IFNAME=eth0
# gloo.ifname.unknown: Gloo cannot start: Unable to find address for: =eth0 (GLOO_SOCKET_IFNAME takes exact interface names)
#   export GLOO_SOCKET_IFNAME=eth0 (binds 192.0.2.2)
ENV GLOO_SOCKET_IFNAME="eth0"
