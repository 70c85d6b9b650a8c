# tf-config.port-invalid: a TF_CONFIG address has no valid port (1-65535)
#   give every task its port, e.g. "fd00:18::11:12345:12345"
# tf-config.port-invalid: a TF_CONFIG address has no valid port (1-65535)
#   give every task its port, e.g. "fd00:18::12:12345:12345"
# nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='ens1f0' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'
export NCCL_SOCKET_IFNAME==eth0
# tf-config.own-address-unresolvable: this task's TF_CONFIG host fd00:18::12:12345 does not resolve on this machine; whether the other nodes resolve it is not seen here
#   on every node of the cluster run `getent hosts fd00:18::12:12345`: each must print this task's node address; where one does not, add the name to its DNS or /etc/hosts, or write the IP address in TF_CONFIG
