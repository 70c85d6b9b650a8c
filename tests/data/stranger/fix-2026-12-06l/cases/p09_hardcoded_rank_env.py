import argparse
import os
import torch
import torch.distributed as dist

parser = argparse.ArgumentParser()
parser.add_argument("--nnodes", type=int, default=2)
args = parser.parse_args()

os.environ["MASTER_ADDR"] = "10.30.0.11"
os.environ["MASTER_PORT"] = "29500"
os.environ["RANK"] = "0"
os.environ["WORLD_SIZE"] = str(args.nnodes)

dist.init_process_group("gloo")
t = torch.ones(1)
dist.all_reduce(t)
print(dist.get_rank(), t.item())
