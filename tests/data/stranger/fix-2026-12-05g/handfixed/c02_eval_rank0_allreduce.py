import argparse
import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP


def evaluate(model, loader, device):
    model.eval()
    correct = torch.zeros(1, device=device)
    total = torch.zeros(1, device=device)
    with torch.no_grad():
        for x, y in loader:
            out = model(x.to(device))
            correct += (out.argmax(1) == y.to(device)).sum()
            total += y.numel()
    return correct, total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=10)
    args = parser.parse_args()

    dist.init_process_group(backend="nccl")
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    device = torch.device("cuda", local_rank)
    rank = dist.get_rank()

    model = DDP(torch.nn.Linear(784, 10).to(device), device_ids=[local_rank])
    loader = [(torch.randn(64, 784), torch.randint(0, 10, (64,))) for _ in range(10)]

    for epoch in range(args.epochs):
        model.train()
        for x, y in loader:
            loss = torch.nn.functional.cross_entropy(model(x.to(device)), y.to(device))
            loss.backward()

        if rank == 0:
            correct, total = evaluate(model, loader, device)
            print(f"epoch {epoch}: acc={(correct / total).item():.3f}")
        dist.all_reduce(correct)
        dist.all_reduce(total)

    dist.destroy_process_group()


if __name__ == "__main__":
    main()
