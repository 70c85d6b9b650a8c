{
  "env": {},
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: one TF_CONFIG per task of the checked TF_CONFIG's cluster (keyed type[index] address): set on each machine the one whose address is its own",
  "notes": [
    "tf-config.task-missing: TF_CONFIG has a cluster but no task: this process does not know its role"
  ],
  "nothing_to_change": false,
  "per_host": {},
  "tf_config": {
    "worker[0] 10.0.0.11:12345": "{\"cluster\":{\"worker\":[\"10.0.0.11:12345\",\"192.0.2.2:12345\"]},\"task\":{\"index\":0,\"type\":\"worker\"}}",
    "worker[1] 192.0.2.2:12345": "{\"cluster\":{\"worker\":[\"10.0.0.11:12345\",\"192.0.2.2:12345\"]},\"task\":{\"index\":1,\"type\":\"worker\"}}"
  }
}
