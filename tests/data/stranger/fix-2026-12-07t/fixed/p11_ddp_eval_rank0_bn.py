# DDP training on CPU (gloo), evaluation on rank 0 only.
# Launch: python -m torch.distributed.run --nproc_per_node 2 p11_ddp_eval_rank0_bn.py
import os
import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP


def build_model():
    return nn.Sequential(nn.Linear(16, 32), nn.BatchNorm1d(32), nn.ReLU(), nn.Linear(32, 2))


def evaluate(model, data):
    model.eval()
    with torch.no_grad():
        out = model(data)
    model.train()
    return out.argmax(dim=1).float().mean().item()


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(rank)
    model = DDP(build_model())
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    val = torch.randn(64, 16)
    for epoch in range(3):
        for step in range(5):
            x = torch.randn(32, 16)
            y = torch.randint(0, 2, (32,))
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        if rank == 0:
            score = evaluate(model, val)
            print(f"epoch {epoch} val {score:.3f}", flush=True)
        dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
