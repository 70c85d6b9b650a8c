# runnable: python -m torch.distributed.run --nproc_per_node 2 p15_nan_skip_allreduce.py (Gloo, CPU)
# Steps whose loss is NaN are skipped; the ranks agree on the skip through an all_reduce.
import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP


def batches(rank, n=8):
    g = torch.Generator().manual_seed(100 + rank)
    for step in range(n):
        x = torch.randn(16, 8, generator=g)
        if rank == 1 and step == 3:
            x[0, 0] = float("nan")  # a corrupt record in rank 1's shard
        yield x, x.sum(dim=1, keepdim=True)


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(0)
    model = DDP(nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    skipped = 0
    for step, (x, y) in enumerate(batches(rank)):
        loss = ((model(x) - y) ** 2).mean()
        bad = torch.tensor([float(torch.isnan(loss))])
        dist.all_reduce(bad)  # every rank, every step
        if bad.item() > 0:
            skipped += 1
            continue
        opt.zero_grad()
        loss.backward()
        opt.step()
    w = model.module.weight.detach().clone()
    dist.all_reduce(w)
    print(f"rank {rank}: skipped {skipped}, weight sum {w.sum().item():.4f}", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
