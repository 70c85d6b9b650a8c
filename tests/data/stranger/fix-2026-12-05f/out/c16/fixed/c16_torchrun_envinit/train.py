import os

import torch
import torch.distributed as dist


def main():
    dist.init_process_group(backend="nccl", init_method="env://")
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    x = torch.randn(1024, device="cuda")
    dist.all_reduce(x)
    if dist.get_rank() == 0:
        print(f"world={dist.get_world_size()} norm={x.norm().item():.3f}")
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
