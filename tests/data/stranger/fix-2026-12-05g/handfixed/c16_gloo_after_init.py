import os
import torch
import torch.distributed as dist

def setup():
    os.environ["GLOO_SOCKET_IFNAME"] = "eth0"
    dist.init_process_group("gloo", init_method="env://")
    return dist.get_rank(), dist.get_world_size()

if __name__ == "__main__":
    rank, world = setup()
    x = torch.tensor([float(rank)])
    dist.all_reduce(x)
    print(rank, world, x.item())
    dist.destroy_process_group()
