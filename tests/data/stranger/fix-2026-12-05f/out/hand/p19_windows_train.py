# train on the two Windows workstations in the lab (RTX 4090 each)
import os
import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP


def main():
    rank = int(os.environ["RANK"])
    world_size = int(os.environ["WORLD_SIZE"])
    dist.init_process_group(backend="nccl", init_method="env://",
                            rank=rank, world_size=world_size)
    model = torch.nn.Linear(100, 10).to("cuda:0")
    ddp = DDP(model, device_ids=[0])
    opt = torch.optim.SGD(ddp.parameters(), lr=0.1)
    for _ in range(100):
        opt.zero_grad()
        ddp(torch.randn(32, 100, device="cuda:0")).sum().backward()
        opt.step()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
