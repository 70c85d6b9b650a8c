import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP


def main():
    dist.init_process_group(backend="gloo", init_method="env://")
    rank = dist.get_rank()
    world = dist.get_world_size()
    local_rank = int(os.environ["LOCAL_RANK"])
    model = DDP(torch.nn.Linear(16, 4))
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for _ in range(3):
        opt.zero_grad()
        model(torch.randn(32, 16)).sum().backward()
        opt.step()
    s = torch.tensor([1.0])
    dist.all_reduce(s)
    print(f"rank {rank}/{world} local {local_rank}: world check {int(s.item())}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
