import argparse
import os

import torch
import torch.distributed as dist

parser = argparse.ArgumentParser()
parser.add_argument("--epochs", type=int, default=1)
args = parser.parse_args()

backend = "nccl" if torch.cuda.is_available() else "gloo"
dist.init_process_group(backend)  # env://: RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT
rank = dist.get_rank()
if torch.cuda.is_available():
    torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))

t = torch.ones(1) * (rank + 1)
if torch.cuda.is_available():
    t = t.cuda()
dist.all_reduce(t)
print(f"rank {rank} of {dist.get_world_size()}: all_reduce {t.item()}", flush=True)
dist.destroy_process_group()
