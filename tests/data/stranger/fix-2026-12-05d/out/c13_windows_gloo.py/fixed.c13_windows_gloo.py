import os
import platform

import torch
import torch.distributed as dist
import torch.nn as nn

BACKEND = "gloo" if platform.system() == "Windows" else "nccl"


def main():
    if platform.system() == "Windows":
        os.environ.setdefault("USE_LIBUV", "0")
    dist.init_process_group(backend=BACKEND, init_method="env://")
    device = torch.device("cuda" if BACKEND == "nccl" else "cpu")
    model = nn.parallel.DistributedDataParallel(nn.Linear(64, 64).to(device))
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for _ in range(50):
        loss = model(torch.randn(32, 64, device=device)).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
