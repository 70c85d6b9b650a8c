import argparse
import os

import torch
import torch.distributed as dist

parser = argparse.ArgumentParser()
parser.add_argument("--epochs", type=int, default=1)
args = parser.parse_args()

nnodes = int(os.environ["NNODES"])
dist.init_process_group(backend="nccl")
torch.cuda.set_device(dist.get_rank())
model = torch.nn.Linear(10, 10).cuda()
ddp = torch.nn.parallel.DistributedDataParallel(model, device_ids=[dist.get_rank()])
for _ in range(args.epochs):
    ddp(torch.randn(8, 10, device="cuda")).sum().backward()
dist.destroy_process_group()
