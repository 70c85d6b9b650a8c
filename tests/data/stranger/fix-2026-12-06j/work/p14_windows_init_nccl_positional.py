import os
import platform
import torch
import torch.distributed as dist

if platform.system() == "Windows":
    os.environ["USE_LIBUV"] = "0"

def main():
    rank = int(os.environ["RANK"])
    world = int(os.environ["WORLD_SIZE"])
    dist.init_process_group("gloo", rank=rank, world_size=world)
    torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
    t = torch.ones(1, device="cuda")
    dist.all_reduce(t)
    print(rank, t.item())

if __name__ == "__main__":
    main()
