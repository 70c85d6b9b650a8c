# distdoctor fix: paste after FROM in the training image's Dockerfile
# env.unknown-name: NCCL_SOCKET_IFNAMES is not a variable anything reads; did you mean NCCL_SOCKET_IFNAME?
#   rename NCCL_SOCKET_IFNAMES to NCCL_SOCKET_IFNAME in the job's environment; NCCL_SOCKET_IFNAME=ens5 would select no usable interface on this machine (nccl.ifname.matches-nothing), so the fix uses =eth0
# gloo.ifname.unknown: Gloo cannot start: Unable to find address for: ens5 (GLOO_SOCKET_IFNAME takes exact interface names)
#   export GLOO_SOCKET_IFNAME=eth0 (binds 192.0.2.2)
ENV GLOO_SOCKET_IFNAME="eth0"
ENV NCCL_SOCKET_IFNAME="=eth0"
# NCCL_SOCKET_IFNAMES: ENV cannot unset a variable; remove it where the image or the launcher sets it
