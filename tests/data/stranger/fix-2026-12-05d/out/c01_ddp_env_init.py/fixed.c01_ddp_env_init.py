import os
import time

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler
from torchvision import datasets, models, transforms


def setup():
    dist.init_process_group(backend="nccl")  # env:// from torchrun
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    return local_rank


def main():
    local_rank = setup()
    rank = dist.get_rank()

    tf = transforms.Compose([transforms.RandomResizedCrop(224), transforms.ToTensor()])
    train = datasets.ImageFolder("/data/imagenet/train", transform=tf)
    sampler = DistributedSampler(train, shuffle=True)
    loader = DataLoader(train, batch_size=64, sampler=sampler, num_workers=8, pin_memory=True,
                        persistent_workers=True)

    model = DDP(models.resnet50().cuda(local_rank), device_ids=[local_rank])
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

    for epoch in range(90):
        sampler.set_epoch(epoch)
        t0 = time.time()
        for images, target in loader:
            images, target = images.cuda(non_blocking=True), target.cuda(non_blocking=True)
            loss = nn.functional.cross_entropy(model(images), target)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
        dist.barrier()
        if rank == 0:
            print(f"epoch {epoch} done in {time.time() - t0:.0f}s")
            torch.save(model.module.state_dict(), f"ckpt_{epoch:03d}.pt")

    dist.destroy_process_group()


if __name__ == "__main__":
    main()
