# distdoctor: nothing to change: no finding has a value to set (the findings below need a change by hand)
# tf-config.port-invalid: a TF_CONFIG address has no valid port (1-65535)
#   give every task its port, e.g. "10.0.0.11:12345"
# tf-config.port-invalid: a TF_CONFIG address has no valid port (1-65535)
#   give every task its port, e.g. "10.0.0.12:12345"
# tf-config.own-address-not-local: this task's own TF_CONFIG entry is not an address of this host
#   check task.index on this node: it must point at this host's entry in cluster.worker
