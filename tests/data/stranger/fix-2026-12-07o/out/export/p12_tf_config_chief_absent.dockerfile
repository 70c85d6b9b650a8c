# distdoctor: nothing to change: no finding has a value to set (the findings below need a change by hand)
# tf-config.task-type-not-in-cluster: TF_CONFIG task type "chief" has no job in the cluster
#   add the "chief" job to cluster, identical on every node
