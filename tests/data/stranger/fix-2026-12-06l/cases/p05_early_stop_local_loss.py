import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(rank)
    model = DDP(torch.nn.Linear(4, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    best = float("inf")
    patience = 0
    for epoch in range(20):
        x = torch.randn(8, 4)
        loss = model(x).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        val_loss = torch.randn(1).item() + rank  # each rank validates on its own shard
        if val_loss < best:
            best = val_loss
            patience = 0
        else:
            patience += 1
        if patience >= 2:
            print(f"rank {rank}: early stop at epoch {epoch}", flush=True)
            break
    dist.destroy_process_group()
    print(f"rank {rank}: done", flush=True)


if __name__ == "__main__":
    main()
