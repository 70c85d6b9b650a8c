{
  "env": {},
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: the TF_CONFIG value for each worker (port 12345: change it to the job's)",
  "notes": [
    "env.master-addr.loopback: MASTER_ADDR resolves to a loopback address; ranks on other nodes cannot reach it (there it is their own loopback)"
  ],
  "per_host": {},
  "tf_config": {}
}
