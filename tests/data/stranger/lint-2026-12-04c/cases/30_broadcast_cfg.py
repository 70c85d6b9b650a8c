"""Rank 0 reads the run config (and picks the seed); everybody else gets it by broadcast."""
import json
import os
import random

import torch
import torch.distributed as dist

from trainer import Trainer


def load_config(path):
    with open(path) as f:
        return json.load(f)


def main():
    dist.init_process_group(backend="nccl")
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)

    if dist.get_rank() == 0:
        cfg = load_config(os.environ.get("RUN_CONFIG", "config.json"))
        cfg["seed"] = random.randint(0, 2**31 - 1)
        payload = [cfg]
    else:
        payload = [None]
    dist.broadcast_object_list(payload, src=0)
    cfg = payload[0]

    torch.manual_seed(cfg["seed"])
    Trainer(cfg, device=torch.device("cuda", local_rank)).fit()

    dist.barrier()
    if dist.get_rank() == 0:
        print("done", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
