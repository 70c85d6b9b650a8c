# distdoctor: nothing to change: no finding has a value to set (the findings below need a change by hand)
# tf-config.task-missing: TF_CONFIG has a cluster but no task: this process does not know its role
#   add "task": {"type": "worker", "index": N} (N differs per node)
