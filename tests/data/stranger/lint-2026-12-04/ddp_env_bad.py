import os
import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

os.environ["MASTER_ADDR"] = "localhost"
os.environ["MASTER_PORT"] = 29500
os.environ['NCCL_SOCKET_IFNAME'] = 'eth0'
os.environ.setdefault("NCCL_IB_DISABLE", "1")


def setup(rank, world_size):
    dist.init_process_group("nccl", rank=rank, world_size=world_size)
    torch.cuda.set_device(rank)


def train(rank, world_size):
    setup(rank, world_size)
    model = torch.nn.Linear(10, 10).to(rank)
    ddp = DDP(model, device_ids=[rank])
    for step in range(100):
        out = ddp(torch.randn(20, 10).to(rank))
        out.sum().backward()
        if rank == 0:
            dist.barrier()
            torch.save(ddp.state_dict(), "ckpt.pt")
    dist.destroy_process_group()


if __name__ == "__main__":
    import torch.multiprocessing as mp
    world_size = torch.cuda.device_count()
    mp.spawn(train, args=(world_size,), nprocs=world_size)
