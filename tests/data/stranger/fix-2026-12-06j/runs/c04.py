import os
import torch
import torch.distributed as dist


def prepare_data(path):
    with open(path, "w") as f:
        f.write("prepared\n")


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    path = os.path.join(os.environ.get("DATA_DIR", "/tmp"), "s13_c04_data.txt")
    if rank != 0:
        dist.barrier()  # wait until rank 0 has prepared the data
    if rank == 0:
        prepare_data(path)
        dist.barrier()  # release the others
    with open(path) as f:
        assert f.read() == "prepared\n"
    t = torch.tensor([float(rank)])
    dist.all_reduce(t)
    print(f"rank {rank} sum {t.item()}", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
