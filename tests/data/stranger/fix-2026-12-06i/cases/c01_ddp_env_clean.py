"""Minimal DDP job. torchrun --nnodes=N --nproc_per_node=G --rdzv_backend=c10d --rdzv_endpoint=HOST:29500 c01_ddp_env_clean.py"""
import os

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP


def main():
    backend = "nccl" if torch.cuda.is_available() else "gloo"
    dist.init_process_group(backend=backend)
    rank = dist.get_rank()
    local_rank = int(os.environ.get("LOCAL_RANK", 0))
    device = torch.device(f"cuda:{local_rank}") if backend == "nccl" else torch.device("cpu")
    if backend == "nccl":
        torch.cuda.set_device(local_rank)

    model = DDP(nn.Linear(16, 1).to(device), device_ids=[local_rank] if backend == "nccl" else None)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for step in range(20):
        x = torch.randn(8, 16, device=device)
        loss = model(x).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if rank == 0 and step % 5 == 0:
            print(f"step {step} loss {loss.item():.4f}", flush=True)

    dist.barrier()
    if rank == 0:
        torch.save(model.module.state_dict(), os.environ.get("CKPT", "/tmp/c01_model.pt"))
        print("saved", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
