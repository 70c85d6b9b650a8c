import argparse
import os
import torch
import torch.distributed as dist

parser = argparse.ArgumentParser()
parser.add_argument("--local_rank", type=int, default=0)
args = parser.parse_args()

torch.cuda.set_device(args.local_rank)
dist.init_process_group(backend="nccl", init_method="env://")
rank = dist.get_rank()
print(f"rank {rank} on device {args.local_rank}")

os.environ["NCCL_DEBUG"] = "INFO"   # set after init: no effect
os.environ["NCCL_SOCKET_IFNAME"] = "eth0"

t = torch.ones(1).cuda()
dist.all_reduce(t)
if dist.get_rank() == 0:
    dist.all_reduce(t)
print(t)
