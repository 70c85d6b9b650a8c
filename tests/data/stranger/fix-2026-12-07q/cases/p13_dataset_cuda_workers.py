import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, Dataset
from torch.utils.data.distributed import DistributedSampler


class GpuAugmentDataset(Dataset):
    """Decodes on the CPU, augments on the GPU (faster than torchvision on CPU)."""

    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        img = torch.randn(3, 224, 224)
        img = img.cuda(non_blocking=True)
        img = torch.flip(img, dims=[2]) if i % 2 else img
        return img, i % 1000


def main():
    dist.init_process_group("nccl")
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    model = DDP(torch.nn.Conv2d(3, 8, 3).cuda(), device_ids=[local_rank])
    ds = GpuAugmentDataset(100_000)
    dl = DataLoader(ds, batch_size=64, sampler=DistributedSampler(ds), num_workers=8, pin_memory=False)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for img, _ in dl:
        loss = model(img).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
