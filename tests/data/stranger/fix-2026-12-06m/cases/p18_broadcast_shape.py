import os
import torch
import torch.distributed as dist


def load_vocab():
    return list(range(1000))


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    # only rank 0 reads the vocabulary; the others receive it
    if rank == 0:
        ids = torch.tensor(load_vocab(), dtype=torch.long)
    else:
        ids = torch.empty(0, dtype=torch.long)
    dist.broadcast(ids, src=0)
    print(f"rank {rank}: vocab of {ids.numel()}", flush=True)
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
