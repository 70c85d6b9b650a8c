import os
import torch
import torch.distributed as dist


def evaluate(model, batches):
    correct = torch.zeros(1)
    total = torch.zeros(1)
    for x, y in batches:
        correct += (model(x).argmax(-1) == y).sum()
        total += y.numel()
    stats = torch.cat([correct, total])
    dist.all_reduce(stats)
    return (stats[0] / stats[1]).item()


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(rank)
    model = torch.nn.Linear(8, 3)
    batches = [(torch.randn(4, 8), torch.randint(0, 3, (4,))) for _ in range(3)]
    acc = evaluate(model, batches)
    if rank == 0:
        print(f"accuracy {acc:.3f}", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
