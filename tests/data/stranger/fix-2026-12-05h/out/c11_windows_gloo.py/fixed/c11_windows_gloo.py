"""Two Windows PCs, one GPU each; Gloo because NCCL does not exist on Windows."""
import argparse
import os
import sys

import torch
import torch.distributed as dist


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rank", type=int, required=True)
    ap.add_argument("--world-size", type=int, default=2)
    ap.add_argument("--master-addr", required=True)
    ap.add_argument("--master-port", default="29500")
    a = ap.parse_args()

    backend = "gloo" if sys.platform == "win32" else "nccl"
    if sys.platform == "win32":
        os.environ["USE_LIBUV"] = "0"
    dist.init_process_group(
        backend=backend,
        init_method=f"tcp://{a.master_addr}:{a.master_port}",
        rank=a.rank,
        world_size=a.world_size,
    )
    device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
    t = torch.full((4,), float(a.rank), device="cpu")
    dist.all_reduce(t)
    print(f"[{a.rank}] all_reduce -> {t.tolist()} on {device}")
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
