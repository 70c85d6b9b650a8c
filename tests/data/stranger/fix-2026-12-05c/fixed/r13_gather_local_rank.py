import os

import torch
import torch.distributed as dist


def evaluate(model, loader):
    correct = 0
    for x, y in loader:
        correct += (model(x).argmax(1) == y).sum().item()
    return correct


def main():
    dist.init_process_group("nccl")
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    model = torch.nn.Linear(32, 10).cuda()
    loader = [(torch.randn(4, 32).cuda(), torch.randint(0, 10, (4,)).cuda())]
    ours = evaluate(model, loader)
    results = [None] * dist.get_world_size()
    dist.all_gather_object(results, ours)
    if local_rank == 0:
        print("accuracy counts", results)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
