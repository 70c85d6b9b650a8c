"""Single-node DDP with mp.spawn: python c13_mp_spawn_env.py --gpus 4"""
import argparse
import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def run(rank, world_size):
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = "29501"
    dist.init_process_group("nccl", init_method="env://", rank=rank, world_size=world_size)
    torch.cuda.set_device(rank)
    t = torch.full((4,), float(rank), device=f"cuda:{rank}")
    dist.all_reduce(t, op=dist.ReduceOp.SUM)
    if rank == 0:
        print(f"sum over {world_size} ranks: {t.tolist()}")
    dist.destroy_process_group()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--gpus", type=int, default=torch.cuda.device_count())
    a = parser.parse_args()
    mp.spawn(run, args=(a.gpus,), nprocs=a.gpus, join=True)
