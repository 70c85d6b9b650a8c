import argparse
import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def run(local_rank, args):
    rank = args.node_rank * args.nproc + local_rank
    world_size = args.nnodes * args.nproc
    dist.init_process_group("gloo", init_method="env://", rank=rank, world_size=world_size)
    x = torch.tensor([rank], dtype=torch.float32)
    dist.all_reduce(x)
    gathered = [torch.zeros(1) for _ in range(world_size)]
    dist.all_gather(gathered, torch.tensor([float(rank)]))
    if rank == 0:
        print("all_reduce:", x.item(), "all_gather:", [g.item() for g in gathered])
    dist.destroy_process_group()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--nnodes", type=int, default=1)
    parser.add_argument("--node-rank", dest="node_rank", type=int, default=0)
    parser.add_argument("--nproc", type=int, default=2)
    parser.add_argument("--master-addr", required=True)
    parser.add_argument("--master-port", type=int, default=29512)
    args = parser.parse_args()
    os.environ["MASTER_ADDR"] = args.master_addr
    os.environ["MASTER_PORT"] = str(args.master_port)
    mp.spawn(run, args=(args,), nprocs=args.nproc, join=True)
