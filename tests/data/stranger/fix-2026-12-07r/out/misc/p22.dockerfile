# distdoctor fix: paste after FROM in the training image's Dockerfile
# nccl.ifname.exclusion-picks-loopback: NCCL_SOCKET_IFNAME='^docker0,^lo' excludes only what it names, so NCCL picks lo (loopback): multi-node training cannot connect
#   export NCCL_SOCKET_IFNAME==eth0 (selects eth0, physical interface) on every node; interface names can differ between nodes, `distdoctor preflight` finds per-host values
ENV NCCL_SOCKET_IFNAME="=eth0"
