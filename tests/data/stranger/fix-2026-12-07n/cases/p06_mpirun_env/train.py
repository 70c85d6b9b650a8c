import os
import torch
import torch.distributed as dist


def main():
    dist.init_process_group(backend="nccl")
    local_rank = int(os.environ.get("OMPI_COMM_WORLD_LOCAL_RANK", 0))
    torch.cuda.set_device(local_rank)
    t = torch.ones(1, device="cuda")
    dist.all_reduce(t)
    print(dist.get_rank(), t.item())
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
