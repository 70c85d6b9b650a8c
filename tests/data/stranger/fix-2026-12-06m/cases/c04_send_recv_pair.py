import torch
import torch.distributed as dist


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    t = torch.zeros(4)
    if rank == 0:
        t += 1.0
        dist.send(t, dst=1, tag=3)
    elif rank == 1:
        dist.recv(t, src=0, tag=3)
    print(f"rank {rank}: {t.tolist()}", flush=True)
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
