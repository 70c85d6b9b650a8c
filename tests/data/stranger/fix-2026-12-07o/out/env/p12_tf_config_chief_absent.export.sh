# tf-config.task-type-not-in-cluster: TF_CONFIG task type "chief" has no job in the cluster
#   add the "chief" job to cluster, identical on every node
