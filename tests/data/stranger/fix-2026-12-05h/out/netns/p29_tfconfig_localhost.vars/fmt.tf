{
  "env": {},
  "format": "tf",
  "help": "nothing to change: no finding has a value to set (tf_config_none: why no TF_CONFIG is written)",
  "notes": [
    "tf-config.localhost-in-multihost: TF_CONFIG mixes localhost/127.x with other hosts; other workers would dial themselves"
  ],
  "nothing_to_change": true,
  "per_host": {},
  "tf_config": {},
  "tf_config_none": "a TF_CONFIG per task of the checked cluster would keep what is wrong (its addresses, not a task's type or index): change what each finding says in every task's TF_CONFIG, then run distdoctor env again: tf-config.localhost-in-multihost: TF_CONFIG mixes localhost/127.x with other hosts; other workers would dial themselves (fix: replace localhost in cluster.chief[0] with the routable name or address of the node that runs that task (this host's only if it is that task), the same in every task's TF_CONFIG)"
}
