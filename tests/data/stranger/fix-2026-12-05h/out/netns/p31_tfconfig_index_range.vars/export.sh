# tf-config.task-index-out-of-range: TF_CONFIG task index is outside its job
#   use an index from 0 to 1, a different one on each worker task
