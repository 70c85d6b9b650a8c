{
  "env": {},
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: the TF_CONFIG value for each worker (port 12345: change it to the job's)",
  "notes": [
    "tf-config.task-index-out-of-range: TF_CONFIG task index is outside its job"
  ],
  "per_host": {},
  "tf_config": {}
}
