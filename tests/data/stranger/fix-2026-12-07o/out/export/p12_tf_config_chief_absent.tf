{
  "env": {},
  "format": "tf",
  "help": "nothing to change: no finding has a value to set (tf_config_none: why no TF_CONFIG is written)",
  "notes": [
    "tf-config.task-type-not-in-cluster: TF_CONFIG task type \"chief\" has no job in the cluster"
  ],
  "nothing_to_change": true,
  "per_host": {},
  "tf_config": {},
  "tf_config_none": "a TF_CONFIG per task of the checked cluster would keep what is wrong (its addresses, not a task's type or index): change what each finding says in every task's TF_CONFIG, then run distdoctor env again: tf-config.task-type-not-in-cluster: TF_CONFIG task type \"chief\" has no job in the cluster (fix: add the \"chief\" job to cluster, identical on every node)"
}
