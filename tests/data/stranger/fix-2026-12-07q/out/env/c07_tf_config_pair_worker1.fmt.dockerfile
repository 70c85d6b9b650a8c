# distdoctor: nothing to change: no finding has a value to set (the findings below need a change by hand)
# tf-config.own-address-not-local: this task's own TF_CONFIG entry is not an address of this host
#   check task.index on this node: it must point at this host's entry in cluster.worker
# rc=0
