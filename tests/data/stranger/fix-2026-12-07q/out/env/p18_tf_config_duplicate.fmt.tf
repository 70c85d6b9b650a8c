{
  "env": {},
  "format": "tf",
  "help": "nothing to change: no finding has a value to set (tf_config_none: why no TF_CONFIG is written)",
  "notes": [
    "tf-config.duplicate-address: two TF_CONFIG tasks share one host:port"
  ],
  "nothing_to_change": true,
  "per_host": {},
  "tf_config": {},
  "tf_config_none": "a TF_CONFIG per task of the checked cluster would keep what is wrong (its addresses, not a task's type or index): change what each finding says in every task's TF_CONFIG, then run distdoctor env again: tf-config.duplicate-address: two TF_CONFIG tasks share one host:port (fix: give each task its own host:port; tasks on one host need different ports)"
}
# rc=1
