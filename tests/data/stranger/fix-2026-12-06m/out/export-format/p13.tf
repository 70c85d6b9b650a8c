{
  "env": {},
  "format": "tf",
  "help": "nothing to change: no finding has a value to set (tf_config_none: why no TF_CONFIG is written)",
  "notes": [
    "tf-config.cluster-malformed: TF_CONFIG job \"worker\" must be a list of \"host:port\" strings"
  ],
  "nothing_to_change": true,
  "per_host": {},
  "tf_config": {},
  "tf_config_none": "TF_CONFIG's cluster lists no task addresses"
}
# rc=1
