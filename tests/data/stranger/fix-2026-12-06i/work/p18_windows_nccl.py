import os
import platform

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def worker(rank, world_size):
    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", "29512")
    if platform.system() == "Windows":
        # libuv store is not built into the Windows wheels
        os.environ["USE_LIBUV"] = "0"
    dist.init_process_group(backend="gloo", rank=rank, world_size=world_size)
    t = torch.ones(4, device=f"cuda:{rank}") * (rank + 1)
    dist.all_reduce(t)
    print(rank, t.tolist())
    dist.destroy_process_group()


if __name__ == "__main__":
    n = torch.cuda.device_count()
    mp.spawn(worker, args=(n,), nprocs=n, join=True)
