"""Multi-node DDP training for the segmentation model.

Launched with torchrun on every node (see run_seg.sh).
"""
import os
import time

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, DistributedSampler

from seg.data import build_dataset
from seg.model import build_model

EPOCHS = int(os.environ.get("EPOCHS", 50))
LOG_EVERY = 100


def setup():
    dist.init_process_group("nccl")
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    return dist.get_rank(), dist.get_world_size(), local_rank


def main():
    rank, world_size, local_rank = setup()
    dataset = build_dataset("train")
    sampler = DistributedSampler(dataset, num_replicas=world_size, rank=rank)
    loader = DataLoader(dataset, batch_size=16, sampler=sampler, num_workers=6, pin_memory=True)

    model = DDP(build_model().cuda(), device_ids=[local_rank])
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    criterion = nn.CrossEntropyLoss(ignore_index=255)

    step = 0
    for epoch in range(EPOCHS):
        sampler.set_epoch(epoch)
        t0 = time.time()
        for images, masks in loader:
            images = images.cuda(non_blocking=True)
            masks = masks.cuda(non_blocking=True)
            loss = criterion(model(images), masks)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            step += 1

            if rank == 0 and step % LOG_EVERY == 0:
                # average the loss over all workers for the log line
                avg = loss.detach().clone()
                dist.all_reduce(avg, op=dist.ReduceOp.SUM)
                avg /= world_size
                print(f"[epoch {epoch} step {step}] loss={avg.item():.4f} "
                      f"({time.time() - t0:.1f}s)", flush=True)

        if rank == 0:
            torch.save({"model": model.module.state_dict(), "epoch": epoch},
                       f"/checkpoints/seg_{epoch:03d}.pt")

    dist.destroy_process_group()


if __name__ == "__main__":
    main()
