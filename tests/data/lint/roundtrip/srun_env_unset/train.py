import os, torch.distributed as dist
dist.init_process_group("gloo", init_method="env://", rank=int(os.environ["SLURM_PROCID"]), world_size=int(os.environ["SLURM_NTASKS"]))
