# Two Windows workstations with RTX cards, connected over the office LAN.
# set MASTER_ADDR=192.168.1.20 & set MASTER_PORT=29500 & set WORLD_SIZE=2 & set RANK=0 (or 1)
import os
import sys

import torch
import torch.distributed as dist
import torch.nn as nn

if sys.platform == "win32":
    # libuv is not built into the Windows wheels
    os.environ["USE_LIBUV"] = "0"


def main():
    dist.init_process_group(backend="gloo", init_method="env://")
    rank = dist.get_rank()
    torch.cuda.set_device(0)
    model = nn.parallel.DistributedDataParallel(nn.Linear(512, 512).cuda(), device_ids=[0])
    opt = torch.optim.AdamW(model.parameters())
    for step in range(100):
        x = torch.randn(64, 512, device="cuda")
        loss = model(x).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if rank == 0 and step % 10 == 0:
            print(step, loss.item())
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
