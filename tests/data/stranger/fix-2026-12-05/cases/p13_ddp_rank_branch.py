import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

LOG_EVERY = 50


def main():
    dist.init_process_group("nccl")
    rank = dist.get_rank()
    world = dist.get_world_size()
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    model = DDP(torch.nn.Linear(1024, 1024).cuda(), device_ids=[local_rank])
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for step in range(1000):
        x = torch.randn(32, 1024, device="cuda")
        loss = model(x).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if rank == 0 and step % LOG_EVERY == 0:
            avg = loss.detach().clone()
            dist.all_reduce(avg, op=dist.ReduceOp.SUM)
            avg /= world
            print(f"step {step} loss {avg.item():.4f}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
