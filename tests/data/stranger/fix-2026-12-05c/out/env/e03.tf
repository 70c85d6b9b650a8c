{
  "env": {
    "MASTER_PORT": "29500"
  },
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: the TF_CONFIG value for each worker (port 12345: change it to the job's)",
  "notes": [
    "env.master-port.invalid: MASTER_PORT is not a TCP port (1-65535)"
  ],
  "per_host": {},
  "tf_config": {}
}
