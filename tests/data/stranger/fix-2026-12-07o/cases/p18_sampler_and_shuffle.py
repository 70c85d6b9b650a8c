import torch
import torch.distributed as dist
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()

    ds = TensorDataset(torch.arange(64, dtype=torch.float32).unsqueeze(1))
    sampler = DistributedSampler(ds)
    loader = DataLoader(ds, batch_size=8, sampler=sampler, shuffle=True, num_workers=0)

    model = torch.nn.parallel.DistributedDataParallel(torch.nn.Linear(1, 1))
    opt = torch.optim.SGD(model.parameters(), lr=1e-4)
    steps = 0
    for epoch in range(2):
        sampler.set_epoch(epoch)
        for (x,) in loader:
            opt.zero_grad()
            model(x).pow(2).mean().backward()
            opt.step()
            steps += 1
    if rank == 0:
        print("done, steps", steps, flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
