import os

import torch
import torch.distributed as dist

rank = int(os.environ["OMPI_COMM_WORLD_RANK"])
world_size = int(os.environ["OMPI_COMM_WORLD_SIZE"])
local_rank = int(os.environ["OMPI_COMM_WORLD_LOCAL_RANK"])

dist.init_process_group("nccl", init_method="env://", rank=rank, world_size=world_size)  # mpirun (p27_mpirun_tcp_localhost/run.sh:2) sets none of MASTER_ADDR, MASTER_PORT: the export added above that line sets them
torch.cuda.set_device(local_rank)

x = torch.ones(1, device="cuda") * rank
dist.all_reduce(x)
if rank == 0:
    print("sum of ranks:", x.item())
dist.destroy_process_group()
