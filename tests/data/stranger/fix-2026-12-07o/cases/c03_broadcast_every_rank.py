import torch
import torch.distributed as dist
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()

    # rank 0 builds the vocabulary ids; every rank takes part in the broadcast
    vocab = torch.zeros(8, dtype=torch.int64)
    if rank == 0:
        vocab = torch.arange(8, dtype=torch.int64) * 3
    dist.broadcast(vocab, src=0)

    ds = TensorDataset(torch.arange(64, dtype=torch.float32).unsqueeze(1))
    sampler = DistributedSampler(ds, shuffle=True, seed=1)
    loader = DataLoader(ds, batch_size=8, sampler=sampler, num_workers=0)

    model = torch.nn.parallel.DistributedDataParallel(torch.nn.Linear(1, 1))
    opt = torch.optim.SGD(model.parameters(), lr=1e-4)
    steps = torch.zeros(1)
    for epoch in range(2):
        sampler.set_epoch(epoch)
        for (x,) in loader:
            opt.zero_grad()
            model(x).pow(2).mean().backward()
            opt.step()
            steps += 1

    total = torch.tensor([int(vocab.sum())], dtype=torch.int64)
    dist.reduce(total, dst=0)
    dist.reduce(steps, dst=0)
    if rank == 0:
        print("vocab checksum", int(total), "steps", int(steps), flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
