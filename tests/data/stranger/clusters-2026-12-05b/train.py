# clusters3 job: real torch.distributed Gloo ranks (one per node). MODE picks what a rank does at step 4.
import os, sys, time, signal, datetime
import torch
import torch.distributed as dist

rank = int(os.environ["RANK"]); world = int(os.environ["WORLD_SIZE"])
mode = os.environ.get("MODE", "normal")
steps = int(os.environ.get("STEPS", "8"))
torch.set_num_threads(1)
dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=int(os.environ.get("JOB_TIMEOUT", "50"))))
print(f"rank {rank} joined world {world}", flush=True)


class Slow(torch.utils.data.Dataset):
    """Input pipeline: on rank 1 from item 4 on, every item costs minutes of CPU in the worker."""
    def __len__(self):
        return 1000
    def __getitem__(self, i):
        if mode == "loader" and rank == 1 and i >= 4:
            t = time.time()
            x = 0
            while time.time() - t < 600:
                x += 1
        return torch.full((1 << 18,), float(i))


loader = iter(torch.utils.data.DataLoader(Slow(), batch_size=None, num_workers=2 if mode == "loader" else 0))
for step in range(steps):
    batch = next(loader)
    if step == 4 and rank == 1 and mode == "stop":
        os.kill(os.getpid(), signal.SIGSTOP)          # as a debugger / Ctrl-Z would
    if step == 4 and rank == 1 and mode == "compute":
        a = torch.randn(600, 600)
        t = time.time()
        while time.time() - t < 600:                  # a long computation in torch (C++), no communication
            a = torch.tanh(a @ a)
    if step == 4 and mode == "bcast":
        t = torch.ones(1 << 20)
        if rank == 0:
            dist.all_reduce(t)                        # rank 0 reduces a metric ...
        else:
            dist.broadcast(t, src=0)                  # ... while rank 1 expects a broadcast
    x = batch.clone()
    dist.all_reduce(x)                                # 1 MiB floats = 1 MB x4 per step
    print(f"rank {rank} step {step} loss {x[0].item() / world:.3f}", flush=True)
    time.sleep(float(os.environ.get("STEP_SLEEP", "0.5")))
dist.barrier()
print(f"rank {rank} done", flush=True)
dist.destroy_process_group()
