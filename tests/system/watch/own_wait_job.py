#!/usr/bin/python3
"""A real torch.distributed Gloo job whose rank 1 is held up by a wait of its own process (the
held-out scenarios w1 and w3 of tests/data/stranger/clusters-2026-12-06e). init over env://, then
STEPS steps of one all_reduce of 256K floats, printing "rank R step N". MODE:
  loader-stop  batches come from a DataLoader with one worker process; rank 1's worker stops itself
               (SIGSTOP) when asked for item WARM + 1: rank 1's main thread then waits to fetch item
               WARM's shared-memory fd from that worker while rank 0 waits in its all_reduce
  store-key    at step WARM rank 1 reads "ckpt_dir" from the job's store (TCPStore.get), which no rank
               sets (the harness sets it from node 0): rank 0 waits in its all_reduce meanwhile
"""
import datetime
import os
import signal
import time

import torch
import torch.distributed as dist

rank, world = int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"])
mode = os.environ.get("MODE", "loader-stop")
steps = int(os.environ.get("STEPS", "8"))
warm = int(os.environ.get("WARM", "3"))
timeout = datetime.timedelta(seconds=600)


class Shards(torch.utils.data.Dataset):
    def __len__(self):
        return steps

    def __getitem__(self, i):
        if mode == "loader-stop" and rank == 1 and i == warm + 1:
            os.kill(os.getpid(), signal.SIGSTOP)
        return torch.full((1 << 18,), float(rank + 1))


print("rank %d joining" % rank, flush=True)
dist.init_process_group("gloo", timeout=timeout)
loader = iter(torch.utils.data.DataLoader(Shards(), batch_size=None, num_workers=1)) if mode == "loader-stop" else None
kv = None
if mode == "store-key":
    kv = dist.TCPStore(os.environ["MASTER_ADDR"], int(os.environ["MASTER_PORT"]), world, False, timeout)
for step in range(steps):
    t = next(loader) if loader is not None else torch.full((1 << 18,), float(rank + 1))
    if kv is not None and rank == 1 and step == warm:
        print("rank %d resumes from %s" % (rank, kv.get("ckpt_dir").decode()), flush=True)
    dist.all_reduce(t)
    assert bool((t == world * (world + 1) / 2).all()), t[:4]
    print("rank %d step %d loss %.3f" % (rank, step, 1.0 / (step + 1)), flush=True)
    time.sleep(0.2)
dist.barrier()
dist.destroy_process_group()
print("rank %d done" % rank, flush=True)
