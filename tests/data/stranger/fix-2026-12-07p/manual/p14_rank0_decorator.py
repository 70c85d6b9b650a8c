# runnable: python -m torch.distributed.run --nproc_per_node 2 p14_rank0_decorator.py (Gloo, CPU)
import functools

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP


def main_process_only(fn):
    """Run fn on global rank 0 only (logging, checkpoints)."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if dist.get_rank() == 0:
            return fn(*args, **kwargs)
        return None
    return wrapper


def log_epoch(epoch, loss_sum, steps):
    stats = torch.tensor([loss_sum, float(steps)])
    dist.all_reduce(stats)  # sum over ranks
    if dist.get_rank() == 0:
        print(f"epoch {epoch}: mean loss {stats[0].item() / stats[1].item():.4f}", flush=True)


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(0)
    model = DDP(nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    g = torch.Generator().manual_seed(1234 + rank)
    for epoch in range(3):
        loss_sum, steps = 0.0, 0
        for _ in range(4):
            x = torch.randn(16, 8, generator=g)
            y = x.sum(dim=1, keepdim=True)
            loss = ((model(x) - y) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            loss_sum += loss.item()
            steps += 1
        log_epoch(epoch, loss_sum, steps)
    dist.barrier()
    if rank == 0:
        print("done", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
