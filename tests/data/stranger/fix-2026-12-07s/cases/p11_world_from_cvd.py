# launched by torchrun on 2 nodes x 4 GPUs (CUDA_VISIBLE_DEVICES=0,1,2,3 on each node)
import os

import torch
import torch.distributed as dist


def setup():
    rank = int(os.environ["RANK"])
    world_size = len(os.environ["CUDA_VISIBLE_DEVICES"].split(","))
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    return rank, world_size


def main():
    rank, world_size = setup()
    t = torch.ones(2)
    dist.all_reduce(t)
    if rank == 0:
        print("world", world_size, "sum", t.tolist(), flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
