{
  "env": {},
  "format": "tf",
  "help": "nothing to change: no finding has a value to set",
  "notes": [],
  "nothing_to_change": true,
  "per_host": {},
  "tf_config": {}
}
# rc=0
