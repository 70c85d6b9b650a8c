# distdoctor: nothing to change: no finding has a value to set (the findings below need a change by hand)
# tf-config.task-type-invalid: TF_CONFIG task type "workers" is not chief, worker, evaluator or ps
#   did you mean "worker"?; TF_CONFIG names one task, so it is not written here for every node: `distdoctor env --export-format tf` writes one per task of the cluster (or run `distdoctor env --export` on each node for its own)
