import os
import torch
import torch.distributed as dist
from torchvision import datasets


def get_data(rank):
    # rank 0 downloads first, the others wait and then read the cache
    if rank != 0:
        dist.barrier()
    ds = datasets.CIFAR10("data", download=(rank == 0))
    if rank == 0:
        dist.barrier()
    return ds


def log_metrics(loss, rank, world_size):
    if rank == 0:
        dist.reduce(loss, dst=0)
    else:
        dist.reduce(loss, dst=0)
    if world_size > 1:
        dist.all_reduce(loss)


def main():
    dist.init_process_group("nccl")
    rank = dist.get_rank()
    torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
    ds = get_data(rank)
    loss = torch.tensor(1.0).cuda()
    log_metrics(loss, rank, dist.get_world_size())
    objs = [None]
    if rank == 0:
        objs = [{"lr": 0.1}]
    dist.broadcast_object_list(objs, src=0)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
