import os

import torch
import torch.distributed as dist


def reduce_mean(t):
    t = t.clone()
    dist.all_reduce(t)
    return t / dist.get_world_size()


def main():
    dist.init_process_group("nccl")
    rank = dist.get_rank()
    torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
    for step in range(100):
        loss = torch.randn((), device="cuda")
        avg = reduce_mean(loss)
        if rank == 0 and step % 10 == 0:
            print(step, avg.item())
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
