"""Rank 0 reads the run configuration and shares it with every rank.

Launch: torchrun --nproc_per_node=2 p11_broadcast_object_list.py
"""
import json

import torch.distributed as dist


def load_config():
    return {"lr": 3e-4, "batch_size": 64, "warmup_steps": 500}


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    objs = [load_config() if rank == 0 else None]
    dist.broadcast_object_list(objs, src=0)
    cfg = objs[0]
    print(f"rank {rank}: config {json.dumps(cfg, sort_keys=True)}", flush=True)
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
