import argparse
import os

import torch
import torch.distributed as dist


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=1)
    args = parser.parse_args()

    backend = "nccl" if torch.cuda.is_available() else "gloo"
    dist.init_process_group(backend)
    local_rank = int(os.environ["LOCAL_RANK"])
    if torch.cuda.is_available():
        torch.cuda.set_device(local_rank)

    t = torch.ones(1) * dist.get_rank()
    if backend == "nccl":
        t = t.cuda()
    for _ in range(args.epochs):
        dist.all_reduce(t)
    if dist.get_rank() == 0:
        print("world", dist.get_world_size(), "value", t.item(), flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
