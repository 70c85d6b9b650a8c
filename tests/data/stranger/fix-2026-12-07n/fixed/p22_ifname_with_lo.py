import os
import torch
import torch.distributed as dist

# eth0 for the cluster, lo so that single-node debugging also works
os.environ["NCCL_SOCKET_IFNAME"] = "eth0"


def main():
    dist.init_process_group(backend="nccl")
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    x = torch.ones(1, device="cuda")
    dist.all_reduce(x)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
