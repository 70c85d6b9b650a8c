import argparse
import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def worker(local_rank, args):
    rank = args.node_rank * args.nproc + local_rank
    world = args.nnodes * args.nproc
    dist.init_process_group("gloo", init_method="env://", rank=rank, world_size=world)
    t = torch.ones(4) * rank
    dist.all_reduce(t)
    if rank == 0:
        print("sum of ranks:", t[0].item())
    dist.destroy_process_group()


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--nnodes", type=int, default=1)
    p.add_argument("--node-rank", dest="node_rank", type=int, default=0)
    p.add_argument("--nproc", type=int, default=2)
    p.add_argument("--master", default="127.0.0.1")
    args = p.parse_args()

    os.environ["MASTER_ADDR"] = args.master
    os.environ["MASTER_PORT"] = "29511"
    mp.spawn(worker, args=(args,), nprocs=args.nproc, join=True)
