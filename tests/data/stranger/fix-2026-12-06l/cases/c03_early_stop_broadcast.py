import torch
import torch.distributed as dist


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(rank)
    best, patience = float("inf"), 0
    for epoch in range(20):
        val = torch.tensor([torch.randn(1).item() + rank])
        dist.all_reduce(val)  # every rank sees the same validation loss
        if val.item() < best:
            best, patience = val.item(), 0
        else:
            patience += 1
        stop = torch.tensor([1 if patience >= 2 else 0])
        dist.broadcast(stop, src=0)
        if stop.item():
            print(f"rank {rank}: stop at epoch {epoch}", flush=True)
            break
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
