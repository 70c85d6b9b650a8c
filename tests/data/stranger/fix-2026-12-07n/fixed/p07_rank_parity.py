import os
import torch
import torch.distributed as dist


def main():
    dist.init_process_group(backend="gloo")
    rank = dist.get_rank()
    stats = torch.tensor([float(rank)])
    # even ranks own the metric shards; reduce them
    dist.all_reduce(stats)
    dist.barrier()
    if rank == 0:
        print("stats", stats.item())
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
