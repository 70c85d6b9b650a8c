# tf-config.multiple-chiefs: TF_CONFIG lists more than one chief
#   keep exactly one chief; make the others workers
# tf-config.own-address-not-local: this task's own TF_CONFIG entry is not an address of this host
#   check task.index on this node: it must point at this host's entry in cluster.worker
