import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP


def main():
    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    samples = [torch.randn(4) for _ in range(5)]
    my_samples = samples[rank::world]  # shard by rank
    model = DDP(torch.nn.Linear(4, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for step, x in enumerate(my_samples):
        loss = model(x.unsqueeze(0)).pow(2).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        t = torch.tensor([loss.item()])
        dist.all_reduce(t)
        print(f"rank {rank} step {step} loss {t.item():.3f}", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
