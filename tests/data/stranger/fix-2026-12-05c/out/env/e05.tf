{
  "env": {},
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: the TF_CONFIG value for each worker (port 12345: change it to the job's)",
  "notes": [
    "env.local-rank.out-of-range: LOCAL_RANK=4 is not below LOCAL_WORLD_SIZE=4: no such rank exists in the job (they count from 0 to LOCAL_WORLD_SIZE-1); the launcher rejects it, or the rendezvous waits for a rank that never comes"
  ],
  "per_host": {},
  "tf_config": {}
}
