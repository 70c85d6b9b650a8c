# torchrun --nproc_per_node=2 p15_collective_order.py   (Gloo, CPU)
import os

import torch
import torch.distributed as dist


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    cfg = torch.zeros(8)
    loss = torch.tensor([float(rank + 1)] * 3)
    if rank == 0:
        cfg += 7
        dist.broadcast(cfg, src=0)
        dist.all_reduce(loss)
    else:
        dist.all_reduce(loss)
        dist.broadcast(cfg, src=0)
    print(f"rank {rank}: cfg {cfg[0].item()} loss {loss.tolist()}", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
