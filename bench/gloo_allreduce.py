#!/usr/bin/python3
"""torch.distributed Gloo all_reduce timed as nccl-tests times it: for each size (bytes, float32),
WARMUP untimed calls, then ITERS timed calls after a barrier; the mean time is averaged over
ranks. Rank 0 prints one JSON line {bytes: {"time_us", "busbw_gbps"}}.
Env: MASTER_ADDR, MASTER_PORT, RANK, WORLD_SIZE; argv: ITERS WARMUP SIZE..."""
import datetime
import json
import os
import sys
import time

import torch
import torch.distributed as dist

rank, world = int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"])
iters, warmup = int(sys.argv[1]), int(sys.argv[2])
sizes = [int(s) for s in sys.argv[3:]]
dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=600))
out = {}
for size in sizes:
    t = torch.ones(size // 4, dtype=torch.float32)
    for _ in range(warmup):
        dist.all_reduce(t)
    dist.barrier()
    t0 = time.perf_counter()
    for _ in range(iters):
        dist.all_reduce(t)
    dt = torch.tensor([(time.perf_counter() - t0) / iters], dtype=torch.float64)
    dist.all_reduce(dt)
    sec = dt.item() / world
    out[size] = {"time_us": sec * 1e6, "busbw_gbps": size / sec / 1e9 * 2 * (world - 1) / world}
dist.destroy_process_group()
if rank == 0:
    print(json.dumps(out))
