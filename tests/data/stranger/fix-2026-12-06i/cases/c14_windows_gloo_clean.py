"""Two processes on one Windows workstation (also runs on Linux)."""
import os
import sys

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def worker(rank, world_size, port):
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(port)
    if sys.platform == "win32":
        os.environ["USE_LIBUV"] = "0"
    dist.init_process_group(backend="gloo", rank=rank, world_size=world_size)
    t = torch.full((3,), float(rank))
    dist.all_reduce(t)
    dist.barrier()
    if rank == 0:
        print("all_reduce:", t.tolist(), flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    world_size = 2
    mp.spawn(worker, args=(world_size, 29533), nprocs=world_size, join=True)
