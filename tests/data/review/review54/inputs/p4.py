import torch
import torch.distributed as dist


def main():
    dist.init_process_group("nccl")
    rank = dist.get_rank()
    t = torch.ones(1)
    if rank == 0:
        print("zero")
    elif rank == 1:
        print("one")
    else:
        dist.all_reduce(t)
    dist.barrier()


main()
