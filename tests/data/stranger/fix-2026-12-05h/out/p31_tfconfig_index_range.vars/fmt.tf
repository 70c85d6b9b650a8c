{
  "env": {},
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: one TF_CONFIG per task of the checked TF_CONFIG's cluster (keyed type[index] address): set on each machine the one whose address is its own",
  "notes": [
    "tf-config.task-index-out-of-range: TF_CONFIG task index is outside its job"
  ],
  "nothing_to_change": false,
  "per_host": {},
  "tf_config": {
    "worker[0] tf-0.tf.svc:2222": "{\"cluster\":{\"worker\":[\"tf-0.tf.svc:2222\",\"tf-1.tf.svc:2222\"]},\"task\":{\"index\":0,\"type\":\"worker\"}}",
    "worker[1] tf-1.tf.svc:2222": "{\"cluster\":{\"worker\":[\"tf-0.tf.svc:2222\",\"tf-1.tf.svc:2222\"]},\"task\":{\"index\":1,\"type\":\"worker\"}}"
  }
}
