{
  "env": {
    "NCCL_SOCKET_IFNAME": "=eth0"
  },
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: one TF_CONFIG per task of the checked TF_CONFIG's cluster (keyed type[index] address): set on each machine the one whose address is its own",
  "notes": [
    "nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='ens5' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'",
    "tf-config.own-address-not-local: this task's own TF_CONFIG entry is not an address of this host"
  ],
  "nothing_to_change": false,
  "per_host": {},
  "tf_config": {},
  "tf_config_none": "a TF_CONFIG per task of the checked cluster would keep what is wrong (its addresses, not a task's type or index): change what each finding says in every task's TF_CONFIG, then run distdoctor env again: tf-config.own-address-not-local: this task's own TF_CONFIG entry is not an address of this host (fix: check task.index on this node: it must point at this host's entry in cluster.worker)"
}
# rc=1
