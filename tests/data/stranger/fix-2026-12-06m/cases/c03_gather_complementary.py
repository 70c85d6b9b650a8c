import torch
import torch.distributed as dist


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    world = dist.get_world_size()
    t = torch.tensor([float(rank)])
    if rank == 0:
        parts = [torch.zeros(1) for _ in range(world)]
        dist.gather(t, gather_list=parts, dst=0)
        print("gathered", [p.item() for p in parts], flush=True)
    else:
        dist.gather(t, dst=0)
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
