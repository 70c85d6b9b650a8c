import os
import torch
import torch.distributed as dist


def main():
    dist.init_process_group(backend="gloo")
    rank = dist.get_rank()
    world_size = dist.get_world_size()
    loss = torch.tensor([1.0 + rank])
    if world_size > 1:
        dist.all_reduce(loss)
        loss /= world_size
    if rank == 0:
        print("mean loss", loss.item())
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
