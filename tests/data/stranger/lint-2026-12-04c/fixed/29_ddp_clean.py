import argparse
import os

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from unet import UNet
from dataset import CityscapesCrops


def reduce_mean(t):
    t = t.clone()
    dist.all_reduce(t, op=dist.ReduceOp.SUM)
    return t / dist.get_world_size()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=100)
    ap.add_argument("--out", default="runs/unet")
    args = ap.parse_args()

    dist.init_process_group("nccl")
    rank = dist.get_rank()
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)

    ds = CityscapesCrops("/data/cityscapes", split="train")
    sampler = DistributedSampler(ds)
    loader = DataLoader(ds, batch_size=8, sampler=sampler, num_workers=8, pin_memory=True, drop_last=True)

    model = DDP(UNet(n_classes=19).cuda(), device_ids=[local_rank])
    opt = torch.optim.AdamW(model.parameters(), lr=2e-4)

    if rank == 0:
        os.makedirs(args.out, exist_ok=True)

    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)
        for img, tgt in loader:
            img, tgt = img.cuda(non_blocking=True), tgt.cuda(non_blocking=True)
            loss = F.cross_entropy(model(img), tgt, ignore_index=255)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()

        epoch_loss = reduce_mean(loss.detach())
        if rank == 0:
            print(f"epoch {epoch}: loss {epoch_loss.item():.4f}", flush=True)
            torch.save(model.module.state_dict(), os.path.join(args.out, "last.pt"))
        dist.barrier()

    dist.destroy_process_group()


if __name__ == "__main__":
    main()
