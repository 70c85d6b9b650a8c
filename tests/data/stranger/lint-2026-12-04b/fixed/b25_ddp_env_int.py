import os
import argparse

import torch
import torch.distributed as dist


def setup():
    # cluster has no InfiniBand; force TCP and pick the right NIC
    os.environ["NCCL_IB_DISABLE"] = "1"
    os.environ["NCCL_SOCKET_IFNAME"] = "eth0"
    dist.init_process_group(backend="nccl", init_method="env://")
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    return local_rank


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=10)
    args = p.parse_args()
    local_rank = setup()
    model = torch.nn.Linear(1024, 1024).cuda()
    model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[local_rank])
    for _ in range(args.epochs):
        out = model(torch.randn(32, 1024, device="cuda")).sum()
        out.backward()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
