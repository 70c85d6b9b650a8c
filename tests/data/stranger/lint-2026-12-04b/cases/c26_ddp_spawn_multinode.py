import argparse
import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def run(local_rank, args):
    rank = args.node_rank * args.gpus + local_rank
    world_size = args.nnodes * args.gpus
    dist.init_process_group(
        backend="nccl",
        init_method=f"tcp://{args.master_addr}:{args.master_port}",
        rank=rank,
        world_size=world_size,
    )
    torch.cuda.set_device(local_rank)
    x = torch.full((4,), float(rank), device="cuda")
    dist.all_reduce(x)
    dist.barrier()
    if rank == 0:
        print("all_reduce ok:", x.tolist())
    dist.destroy_process_group()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--nnodes", type=int, required=True)
    ap.add_argument("--node_rank", type=int, required=True)
    ap.add_argument("--gpus", type=int, default=torch.cuda.device_count())
    ap.add_argument("--master_addr", required=True)
    ap.add_argument("--master_port", default="29500")
    args = ap.parse_args()
    mp.spawn(run, args=(args,), nprocs=args.gpus)
