import os

import torch
import torch.distributed as dist


def sync_flag(stop: bool, device) -> bool:
    flag = torch.tensor([1 if stop else 0], device=device)
    dist.all_reduce(flag, op=dist.ReduceOp.MAX)
    return bool(flag.item())


def main():
    dist.init_process_group("nccl")
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    device = torch.device("cuda", local_rank)
    rank = dist.get_rank()

    if rank == 0:
        cfg = torch.tensor([3e-4, 100.0], device=device)
    else:
        cfg = torch.empty(2, device=device)
    dist.broadcast(cfg, src=0)

    step = 0
    while True:
        step += 1
        stop = step >= int(cfg[1].item())
        if sync_flag(stop, device):
            break

    if rank == 0:
        print("finished at step", step)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
