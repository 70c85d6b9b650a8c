# init_process_group(timeout=1800): torch wants a datetime.timedelta (fix-2026-12-06k p12)
import os

import torch
import torch.distributed as dist


def main():
    backend = os.environ.get("BACKEND", "gloo")
    dist.init_process_group(backend=backend, timeout=1800)
    t = torch.ones(1)
    dist.all_reduce(t)
    print(f"rank {dist.get_rank()} sum {t.item()}", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
