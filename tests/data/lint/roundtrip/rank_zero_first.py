import os
import torch
import torch.distributed as dist


def download_dataset(root):
    os.makedirs(root, exist_ok=True)
    with open(os.path.join(root, "data.txt"), "w") as f:
        f.write("\n".join(str(i) for i in range(100)))


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    root = os.environ.get("DATA_ROOT", "/tmp/s15_data")

    # let rank 0 download first, the others wait
    if rank != 0:
        dist.barrier()
    download_dataset(root)

    with open(os.path.join(root, "data.txt")) as f:
        n = len(f.read().split())
    t = torch.tensor([float(n)])
    dist.all_reduce(t)
    print(f"rank {rank}: total {t.item()}", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
