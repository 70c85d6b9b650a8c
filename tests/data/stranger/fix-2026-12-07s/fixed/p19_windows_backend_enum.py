# Windows 11 workstations (RTX 4090 each), started from run_win.bat on both PCs
import os
import platform

import torch
import torch.distributed as dist

assert platform.system() == "Windows", "this launcher is for the lab PCs"


def main():
    rank = int(os.environ["RANK"])
    world = int(os.environ["WORLD_SIZE"])
    dist.init_process_group(backend=dist.Backend.NCCL, rank=rank, world_size=world)
    torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
    t = torch.ones(1, device="cuda")
    dist.all_reduce(t)
    print(rank, t.item())


if __name__ == "__main__":
    main()
