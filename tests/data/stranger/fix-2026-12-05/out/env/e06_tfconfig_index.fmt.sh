# distdoctor fix: source this file (or paste it) on every node before the launch command
# tf-config.task-index-out-of-range: TF_CONFIG task index is outside its job
#   use an index from 0 to 1, a different one on each node
