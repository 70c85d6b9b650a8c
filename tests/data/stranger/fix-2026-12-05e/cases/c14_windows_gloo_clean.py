# Windows: NCCL is not available, use gloo with a shared file for rendezvous
import os
import sys

import torch
import torch.distributed as dist


def main():
    rank = int(os.environ["RANK"])
    world = int(os.environ["WORLD_SIZE"])
    backend = "gloo" if sys.platform == "win32" else "nccl"
    dist.init_process_group(backend=backend, init_method="file:///Z:/rdzv/initfile",
                            rank=rank, world_size=world)
    t = torch.tensor([rank], dtype=torch.float32)
    dist.all_reduce(t)
    print(f"[{rank}] sum of ranks = {t.item()}")
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
