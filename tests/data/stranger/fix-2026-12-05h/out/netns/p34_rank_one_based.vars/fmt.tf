{
  "env": {},
  "format": "tf",
  "help": "nothing to change: no finding has a value to set",
  "notes": [
    "env.rank.out-of-range: RANK=8 is not below WORLD_SIZE=8: no such rank exists in the job (they count from 0 to WORLD_SIZE-1); the launcher rejects it, or the rendezvous waits for a rank that never comes"
  ],
  "nothing_to_change": true,
  "per_host": {},
  "tf_config": {}
}
