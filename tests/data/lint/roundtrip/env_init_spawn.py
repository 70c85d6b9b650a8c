import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp

NODE_RANK = int(os.environ.get("NODE_RANK", 0))
NNODES = int(os.environ.get("NNODES", 1))
PROCS = 2


def worker(local_rank: int):
    rank = NODE_RANK * PROCS + local_rank
    dist.init_process_group(
        backend="gloo",
        init_method="tcp://localhost:29612",
        rank=rank,
        world_size=NNODES * PROCS,
    )
    t = torch.ones(1) * (rank + 1)
    dist.all_reduce(t)
    print(f"rank {rank}: sum {t.item():.0f}", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    mp.spawn(worker, nprocs=PROCS)
