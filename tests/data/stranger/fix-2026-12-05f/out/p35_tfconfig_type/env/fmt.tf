{
  "env": {
    "TF_CONFIG": "{\"cluster\":{\"chief\":[\"tf-0.tf:2222\"],\"worker\":[\"tf-1.tf:2222\",\"tf-2.tf:2222\"]},\"task\":{\"index\":0,\"type\":\"worker\"}}"
  },
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: one TF_CONFIG per task of the checked TF_CONFIG's cluster (keyed type[index] address): set on each machine the one whose address is its own",
  "notes": [
    "tf-config.task-type-invalid: TF_CONFIG task type \"workers\" is not chief, worker, evaluator or ps"
  ],
  "nothing_to_change": false,
  "per_host": {},
  "tf_config": {
    "chief[0] tf-0.tf:2222": "{\"cluster\":{\"chief\":[\"tf-0.tf:2222\"],\"worker\":[\"tf-1.tf:2222\",\"tf-2.tf:2222\"]},\"task\":{\"index\":0,\"type\":\"chief\"}}",
    "worker[0] tf-1.tf:2222": "{\"cluster\":{\"chief\":[\"tf-0.tf:2222\"],\"worker\":[\"tf-1.tf:2222\",\"tf-2.tf:2222\"]},\"task\":{\"index\":0,\"type\":\"worker\"}}",
    "worker[1] tf-2.tf:2222": "{\"cluster\":{\"chief\":[\"tf-0.tf:2222\"],\"worker\":[\"tf-1.tf:2222\",\"tf-2.tf:2222\"]},\"task\":{\"index\":1,\"type\":\"worker\"}}"
  }
}
