"""CPU-only DDP on a few lab machines; launched with torchrun."""
import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP


def setup():
    dist.init_process_group("gloo", init_method="env://")
    os.environ["GLOO_SOCKET_IFNAME"] = "enp3s0"
    return dist.get_rank(), dist.get_world_size()


def main():
    rank, world = setup()
    model = DDP(torch.nn.Linear(20, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(5):
        x = torch.randn(256, 20)
        loss = model(x).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if rank == 0:
            print(f"epoch {epoch} loss {loss.item():.3f} world {world}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
