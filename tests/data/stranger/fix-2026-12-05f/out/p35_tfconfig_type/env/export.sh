# tf-config.task-type-invalid: TF_CONFIG task type "workers" is not chief, worker, evaluator or ps
export TF_CONFIG='{"cluster":{"chief":["tf-0.tf:2222"],"worker":["tf-1.tf:2222","tf-2.tf:2222"]},"task":{"index":0,"type":"worker"}}'
