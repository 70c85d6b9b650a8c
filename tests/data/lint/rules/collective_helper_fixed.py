import torch.distributed as dist


def sync_metrics(t):
    dist.all_reduce(t)
    return t


def main(rank, t):
    sync_metrics(t)
    if rank == 0:
        print(t)
