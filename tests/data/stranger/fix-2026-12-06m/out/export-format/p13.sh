# distdoctor: nothing to change: no finding has a value to set (the findings below need a change by hand)
# tf-config.cluster-malformed: TF_CONFIG job "worker" must be a list of "host:port" strings
#   list each task as a "host:port" string
# rc=1
