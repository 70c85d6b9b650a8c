{
  "env": {},
  "format": "tf",
  "help": "nothing to change: no finding has a value to set",
  "notes": [
    "env.master-addr.unresolvable: MASTER_ADDR=[fd00::2] does not resolve on this host"
  ],
  "nothing_to_change": true,
  "per_host": {},
  "tf_config": {}
}
