{
  "env": {},
  "format": "tf",
  "help": "nothing to change: no finding has a value to set (tf_config_none: why no TF_CONFIG is written)",
  "notes": [
    "tf-config.own-address-not-local: this task's own TF_CONFIG entry is not an address of this host"
  ],
  "nothing_to_change": true,
  "per_host": {},
  "tf_config": {},
  "tf_config_none": "a TF_CONFIG per task of the checked cluster would keep what is wrong (its addresses, not a task's type or index): change what each finding says in every task's TF_CONFIG, then run distdoctor env again: tf-config.own-address-not-local: this task's own TF_CONFIG entry is not an address of this host (fix: check task.index on this node: it must point at this host's entry in cluster.worker)"
}
# rc=0
