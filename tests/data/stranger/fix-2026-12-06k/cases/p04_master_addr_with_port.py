import os
import torch
import torch.distributed as dist
import torch.multiprocessing as mp

NNODES = int(os.environ.get("NNODES", "2"))
NODE_RANK = int(os.environ.get("NODE_RANK", "0"))
GPUS = 4


def worker(local_rank):
    os.environ["MASTER_ADDR"] = "10.20.0.11:29500"
    rank = NODE_RANK * GPUS + local_rank
    dist.init_process_group("nccl", rank=rank, world_size=NNODES * GPUS)
    torch.cuda.set_device(local_rank)
    t = torch.ones(1, device="cuda")
    dist.all_reduce(t)
    dist.destroy_process_group()


if __name__ == "__main__":
    mp.spawn(worker, nprocs=GPUS)
