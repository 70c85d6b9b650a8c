# tf-config.task-missing: TF_CONFIG has a cluster but no task: this process does not know its role
#   add "task": {"type": "worker", "index": N} (N differs per node)
