# distdoctor: nothing to change: no finding has a value to set (the findings below need a change by hand)
# tf-config.localhost-in-multihost: TF_CONFIG mixes localhost/127.x with other hosts; other workers would dial themselves
#   replace localhost in cluster.chief[0] with the routable name or address of the node that runs that task (this host's only if it is that task), the same in every task's TF_CONFIG
