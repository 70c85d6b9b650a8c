import os
import torch
import torch.distributed as dist

os.environ["USE_LIBUV"] = "0"

def main():
    dist.init_process_group(backend="gloo", init_method="env://")
    t = torch.ones(2) * dist.get_rank()
    dist.all_reduce(t)
    if dist.get_rank() == 0:
        print("sum", t.tolist())
    dist.destroy_process_group()

if __name__ == "__main__":
    main()
