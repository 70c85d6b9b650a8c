import os
import argparse

import torch
import torch.distributed as dist

parser = argparse.ArgumentParser()
parser.add_argument("--no-ib", action="store_true")
args = parser.parse_args()

if args.no_ib:
    os.environ["NCCL_IB_DISABLE"] = "1"
os.environ["NCCL_DEBUG"] = "WARN"

dist.init_process_group(backend="nccl")
local_rank = int(os.environ["LOCAL_RANK"])
torch.cuda.set_device(local_rank)
t = torch.ones(1, device="cuda")
dist.all_reduce(t)
print(f"rank {dist.get_rank()}: {t.item()}")
dist.destroy_process_group()
