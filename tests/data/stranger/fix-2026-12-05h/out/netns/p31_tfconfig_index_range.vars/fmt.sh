# distdoctor: nothing to change: no finding has a value to set (the findings below need a change by hand)
# tf-config.task-index-out-of-range: TF_CONFIG task index is outside its job
#   use an index from 0 to 1, a different one on each worker task
