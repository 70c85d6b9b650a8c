"""Every rank joins the same collectives; only rank 0 prints.

Launch: torchrun --nproc_per_node=2 c05_reduce_and_broadcast_ok.py
"""
import json

import torch
import torch.distributed as dist


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    world = dist.get_world_size()
    objs = [{"lr": 3e-4, "batch_size": 64} if rank == 0 else None]
    dist.broadcast_object_list(objs, src=0)
    cfg = objs[0]
    for epoch in range(3):
        loss = torch.tensor([float(rank + 1)])
        dist.reduce(loss, dst=0)
        if rank == 0:
            print(f"epoch {epoch}: cfg {json.dumps(cfg, sort_keys=True)} mean {loss.item() / world:.3f}", flush=True)
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
