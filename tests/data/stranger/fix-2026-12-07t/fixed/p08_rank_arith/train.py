import os

import torch
import torch.distributed as dist

GPUS_PER_NODE = 8


def main():
    node_rank = int(os.environ["GROUP_RANK"])
    local_rank = int(os.environ["LOCAL_RANK"])
    world_size = int(os.environ["WORLD_SIZE"])
    rank = node_rank * GPUS_PER_NODE + local_rank
    backend = "nccl" if torch.cuda.is_available() else "gloo"
    if backend == "nccl":
        torch.cuda.set_device(local_rank)
    dist.init_process_group(backend, rank=rank, world_size=world_size)
    t = torch.ones(1)
    if backend == "nccl":
        t = t.cuda()
    dist.all_reduce(t)
    print(f"rank {rank}/{world_size}: sum {t.item()}", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
