# Started by `srun --nodes=2 --ntasks-per-node=2 python p06_master_gethostbyname.py` (one process per GPU).
import os
import socket

import torch
import torch.distributed as dist

os.environ["MASTER_ADDR"] = socket.gethostbyname(socket.gethostname())
os.environ.setdefault("MASTER_PORT", "29512")


def main():
    rank = int(os.environ.get("SLURM_PROCID", os.environ.get("RANK", "0")))
    world = int(os.environ.get("SLURM_NTASKS", os.environ.get("WORLD_SIZE", "1")))
    dist.init_process_group("gloo", rank=rank, world_size=world)
    t = torch.ones(4) * (rank + 1)
    dist.all_reduce(t)
    if rank == 0:
        print("sum", t.tolist(), flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
