import os

import torch
import torch.distributed as dist

NODE_RANK = int(os.environ.get("NODE_RANK", 0))
NNODES = int(os.environ.get("NNODES", 1))
GPUS = torch.cuda.device_count()


def worker(local_rank: int):
    rank = NODE_RANK * GPUS + local_rank
    world_size = NNODES * GPUS
    dist.init_process_group(
        backend="nccl",
        init_method="env://",
        rank=rank,
        world_size=world_size,
    )
    torch.cuda.set_device(local_rank)
    t = torch.ones(1, device="cuda") * rank
    dist.all_reduce(t)
    print(f"rank {rank}: sum {t.item()}")
    dist.destroy_process_group()


if __name__ == "__main__":
    torch.multiprocessing.spawn(worker, nprocs=GPUS)
