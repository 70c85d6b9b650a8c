import os, sys
import torch, torch.distributed as dist
if "OMPI_COMM_WORLD_RANK" in os.environ and "RANK" not in os.environ:
    os.environ["RANK"] = os.environ["OMPI_COMM_WORLD_RANK"]
    os.environ["WORLD_SIZE"] = os.environ["OMPI_COMM_WORLD_SIZE"]
dist.init_process_group("gloo", init_method="env://")
t = torch.tensor([float(dist.get_rank())])
dist.all_reduce(t)
print(f"rank {dist.get_rank()}/{dist.get_world_size()} sum={t.item()} node_rank={os.environ.get('GROUP_RANK')}", flush=True)
dist.destroy_process_group()
