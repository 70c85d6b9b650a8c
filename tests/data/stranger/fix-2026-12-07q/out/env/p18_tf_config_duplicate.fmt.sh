# distdoctor: nothing to change: no finding has a value to set (the findings below need a change by hand)
# tf-config.duplicate-address: two TF_CONFIG tasks share one host:port
#   give each task its own host:port; tasks on one host need different ports
# rc=1
