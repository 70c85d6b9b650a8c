# distdoctor: nothing to change: no finding has a value to set (the findings below need a change by hand)
# env.master-addr.unresolvable: MASTER_ADDR=[fd00::2] does not resolve on this host
#   use the master's IP address, or add [fd00::2] to DNS or /etc/hosts on every node
