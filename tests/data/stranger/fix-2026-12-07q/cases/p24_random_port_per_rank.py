"""Avoid port clashes with other jobs on the shared node: pick a fresh MASTER_PORT.

Runs on CPU with gloo here:  torchrun --nproc_per_node 2 p24_random_port_per_rank.py
"""
import os
import random

import torch
import torch.distributed as dist


def main():
    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ["MASTER_PORT"] = str(random.randint(20000, 40000))
    dist.init_process_group("gloo", timeout=__import__("datetime").timedelta(seconds=30))
    t = torch.ones(1) * dist.get_rank()
    dist.all_reduce(t)
    print(f"rank {dist.get_rank()}: sum {t.item()}", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
