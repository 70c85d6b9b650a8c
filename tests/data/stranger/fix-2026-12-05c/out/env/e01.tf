{
  "env": {
    "NCCL_P2P_LEVEL": "NVL"
  },
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: the TF_CONFIG value for each worker (port 12345: change it to the job's)",
  "notes": [
    "env.enum.invalid: NCCL_P2P_LEVEL is not one of LOC, NVL, NVB, C2C, PIX, PXB, P2C, PXN, PHB, SYS, 0, 1, 2, 3, 4, 5"
  ],
  "per_host": {},
  "tf_config": {}
}
