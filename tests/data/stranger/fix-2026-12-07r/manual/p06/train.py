import os

import torch
import torch.distributed as dist


def main():
    # Slurm tells us how many tasks there are; torchrun gives each process its rank.
    world_size = int(os.environ["WORLD_SIZE"])
    rank = int(os.environ["RANK"])
    backend = "nccl" if torch.cuda.is_available() else "gloo"
    dist.init_process_group(backend, rank=rank, world_size=world_size)
    t = torch.ones(4)
    dist.all_reduce(t)
    print(f"rank {rank}/{world_size}: sum {t[0].item()}", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
