import os

import torch
import torch.distributed as td


def main():
    td.init_process_group(backend="nccl")
    rank = td.get_rank()
    torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
    loss = torch.ones(1, device="cuda")
    td.all_reduce(loss)
    if rank == 0:
        print("mean", loss.item() / td.get_world_size())
    td.barrier()
    td.destroy_process_group()


if __name__ == "__main__":
    main()
