import os

import torch
import torch.distributed as dist

# srun gives us the rank variables; map them to what env:// reads
os.environ["RANK"] = os.environ["SLURM_PROCID"]
os.environ["WORLD_SIZE"] = os.environ["SLURM_NTASKS"]
os.environ["LOCAL_RANK"] = os.environ["SLURM_LOCALID"]
os.environ.setdefault("MASTER_ADDR", "localhost")
os.environ.setdefault("MASTER_PORT", "29500")

num_nodes = int(os.environ.get("SLURM_NNODES", "1"))

dist.init_process_group(backend="nccl", init_method="env://")
local_rank = int(os.environ["LOCAL_RANK"])
torch.cuda.set_device(local_rank)

t = torch.ones(1, device="cuda") * dist.get_rank()
dist.all_reduce(t)
print(f"rank {dist.get_rank()}/{dist.get_world_size()} on {num_nodes} nodes: {t.item()}")
dist.destroy_process_group()
