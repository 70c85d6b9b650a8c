# runnable: python -m torch.distributed.run --nproc_per_node 2 c03_flags_every_rank.py (Gloo, CPU)
import argparse
import functools
import sys

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset

parser = argparse.ArgumentParser()
parser.add_argument("--workers", type=int, default=0)
args = parser.parse_args()


def main_process_only(fn):
    @functools.wraps(fn)
    def wrapper(*a, **k):
        if dist.get_rank() == 0:
            return fn(*a, **k)
        return None
    return wrapper


@main_process_only
def report(epoch, mean_loss, skipped):
    print(f"epoch {epoch}: mean loss {mean_loss:.4f}, skipped steps {skipped}", flush=True)


def main():
    # no NCCL on Windows; Gloo on CPU-only machines
    backend = "gloo" if sys.platform == "win32" or not torch.cuda.is_available() else "nccl"
    dist.init_process_group(backend)
    rank = dist.get_rank()
    torch.manual_seed(0)
    x = torch.randn(64, 8, generator=torch.Generator().manual_seed(7))
    x[21, 3] = float("nan")  # one corrupt record
    ds = TensorDataset(x, x.nan_to_num().sum(dim=1, keepdim=True))
    sampler = DistributedSampler(ds, shuffle=True, seed=0)
    loader = DataLoader(ds, batch_size=8, sampler=sampler, num_workers=args.workers,
                        persistent_workers=args.workers > 0)
    model = DDP(nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for epoch in range(2):
        sampler.set_epoch(epoch)
        stats = torch.zeros(3)  # loss sum, steps, skipped
        for xb, yb in loader:
            loss = ((model(xb) - yb) ** 2).mean()
            bad = torch.tensor([float(torch.isnan(loss))])
            dist.all_reduce(bad)  # every rank, every step
            if bad.item() > 0:
                stats[2] += 1
                continue
            opt.zero_grad()
            loss.backward()
            opt.step()
            stats[0] += loss.item()
            stats[1] += 1
        dist.all_reduce(stats)  # every rank
        report(epoch, (stats[0] / stats[1]).item(), int(stats[2].item()))
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
