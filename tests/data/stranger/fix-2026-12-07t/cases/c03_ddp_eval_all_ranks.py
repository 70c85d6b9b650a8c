# DDP training on CPU (gloo); every rank evaluates its shard, the metric is averaged, rank 0 prints.
# Launch: python -m torch.distributed.run --nproc_per_node 2 c03_ddp_eval_all_ranks.py
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
    return out.argmax(dim=1).float().mean()


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    world = dist.get_world_size()
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
        score = evaluate(model, val)
        dist.all_reduce(score)
        if rank == 0:
            print(f"epoch {epoch} val {score.item() / world:.3f}", flush=True)
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
