import os

import torch
import torch.distributed as dist


def main():
    head = os.environ.get("HEAD", "10.1.0.11")
    port = os.environ.get("PORT", "29400")
    rank = int(os.environ["RANK"])
    world = int(os.environ["WORLD_SIZE"])
    dist.init_process_group("gloo", rank=rank, world_size=world)
    t = torch.ones(2) * rank
    dist.all_reduce(t)
    print(f"rank {rank}: {t.tolist()}", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
