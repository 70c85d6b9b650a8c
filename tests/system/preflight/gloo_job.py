#!/usr/bin/python3
"""A real torch.distributed Gloo job: init over env:// (MASTER_ADDR, MASTER_PORT, RANK,
WORLD_SIZE), one all_reduce of 1M floats (far above any MTU) checked arithmetically, exit 0 on
success, 1 on any failure (the caller bounds it with `timeout`)."""
import datetime
import os
import sys

import torch
import torch.distributed as dist

rank, world = int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"])
try:
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=20))
    t = torch.full((1 << 20,), float(rank + 1))
    dist.all_reduce(t)
    want = world * (world + 1) / 2
    ok = bool((t == want).all())
    dist.destroy_process_group()
    print("rank %d: all_reduce %s" % (rank, "ok" if ok else "WRONG"))
    sys.exit(0 if ok else 1)
except Exception as e:  # noqa: BLE001 - report and fail
    print("rank %d: %s" % (rank, e))
    sys.exit(1)
