import argparse
import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def run(local_rank, args):
    rank = args.node_rank * args.nproc + local_rank
    world = args.nnodes * args.nproc
    os.environ["MASTER_ADDR"] = args.master_addr
    os.environ["MASTER_PORT"] = str(args.master_port)
    dist.init_process_group("gloo", init_method="env://", rank=rank, world_size=world)
    t = torch.tensor([1.0])
    dist.all_reduce(t)
    assert t.item() == world
    print(f"rank {rank}: ok, world {world}", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--nnodes", type=int, default=1)
    p.add_argument("--node_rank", type=int, default=0)
    p.add_argument("--nproc", type=int, default=2)
    p.add_argument("--master_addr", default="127.0.0.1")
    p.add_argument("--master_port", type=int, default=29535)
    mp.spawn(run, args=(p.parse_args(),), nprocs=p.parse_args().nproc, join=True)
