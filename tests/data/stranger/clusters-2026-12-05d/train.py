# clusters5 job (adapted from clusters-2026-12-05b/train.py): real torch.distributed Gloo ranks, one per node.
# MODE picks what a rank does at step 4 (new here: crashthread, subproc, newgroup, commphase).
import os, sys, time, signal, datetime, threading, subprocess
import torch
import torch.distributed as dist

rank = int(os.environ["RANK"]); world = int(os.environ["WORLD_SIZE"])
mode = os.environ.get("MODE", "normal")
steps = int(os.environ.get("STEPS", "8"))
torch.set_num_threads(1)
dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=int(os.environ.get("JOB_TIMEOUT", "50"))))
print(f"rank {rank} joined world {world}", flush=True)


def uploader():
    """A metrics uploader thread, started non-daemon (the default): it keeps the process alive."""
    while True:
        time.sleep(1)


batches = [torch.full((1 << 18,), float(i)) for i in range(steps)]
for step in range(steps):
    batch = batches[step]
    if step == 4 and mode == "crashthread" and rank == 1:
        threading.Thread(target=uploader, name="uploader").start()
        raise RuntimeError("rank 1: corrupt sample in batch 4")      # main thread dies; the thread stays
    if step == 4 and mode == "subproc" and rank == 1:
        # a checkpoint upload through an external command that never returns
        subprocess.run(["sh", "-c", "sleep 3600"], check=False)
    if step == 4 and mode == "newgroup" and rank in (0, 1):
        sub = dist.new_group([0, 1])                                 # only the members call it
    if step == 4 and mode == "commphase":
        t = time.time()                                              # 30 s of collectives, no output
        while True:
            y = torch.ones(1 << 18)
            dist.all_reduce(y)
            stop = torch.tensor([1.0 if time.time() - t >= 30 else 0.0])
            dist.all_reduce(stop, op=dist.ReduceOp.MAX)                # every rank stops at the same call
            if stop.item() > 0:
                break
    x = batch.clone()
    dist.all_reduce(x)                                               # 1 MiB of floats per step
    print(f"rank {rank} step {step} loss {x[0].item() / world:.3f}", flush=True)
    time.sleep(float(os.environ.get("STEP_SLEEP", "0.5")))
dist.barrier()
print(f"rank {rank} done", flush=True)
dist.destroy_process_group()
