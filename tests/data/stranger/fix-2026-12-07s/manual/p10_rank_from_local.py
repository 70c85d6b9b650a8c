# torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$HEAD:29400 p10_rank_from_local.py
import os

import torch
import torch.distributed as dist


def main():
    local_rank = int(os.environ["LOCAL_RANK"])
    world_size = int(os.environ["WORLD_SIZE"])
    dist.init_process_group(backend="gloo", rank=int(os.environ["RANK"]), world_size=world_size)
    x = torch.tensor([float(local_rank)])
    dist.all_reduce(x)
    if local_rank == 0:
        print("sum of ranks", x.item(), flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
