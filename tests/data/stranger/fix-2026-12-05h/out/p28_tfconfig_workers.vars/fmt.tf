{
  "env": {},
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: one TF_CONFIG per task of the checked TF_CONFIG's cluster (keyed type[index] address): set on each machine the one whose address is its own",
  "notes": [
    "tf-config.task-type-invalid: TF_CONFIG task type \"workers\" is not chief, worker, evaluator or ps"
  ],
  "nothing_to_change": false,
  "per_host": {},
  "tf_config": {
    "worker[0] 10.4.0.11:2222": "{\"cluster\":{\"worker\":[\"10.4.0.11:2222\",\"10.4.0.12:2222\",\"10.4.0.13:2222\"]},\"task\":{\"index\":0,\"type\":\"worker\"}}",
    "worker[1] 10.4.0.12:2222": "{\"cluster\":{\"worker\":[\"10.4.0.11:2222\",\"10.4.0.12:2222\",\"10.4.0.13:2222\"]},\"task\":{\"index\":1,\"type\":\"worker\"}}",
    "worker[2] 10.4.0.13:2222": "{\"cluster\":{\"worker\":[\"10.4.0.11:2222\",\"10.4.0.12:2222\",\"10.4.0.13:2222\"]},\"task\":{\"index\":2,\"type\":\"worker\"}}"
  }
}
