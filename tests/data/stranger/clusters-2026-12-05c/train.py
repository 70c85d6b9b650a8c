# clusters4 job: real torch.distributed Gloo ranks (one per node). MODE picks what a rank does at step 4.
# Adapted from clusters-2026-12-05b/train.py (modes there: loader, stop, compute, bcast; modes here below).
import os, sys, time, signal, datetime, threading
import torch
import torch.distributed as dist

rank = int(os.environ["RANK"]); world = int(os.environ["WORLD_SIZE"])
mode = os.environ.get("MODE", "normal")
steps = int(os.environ.get("STEPS", "8"))
torch.set_num_threads(1)
dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=int(os.environ.get("JOB_TIMEOUT", "50"))))
print(f"rank {rank} joined world {world}", flush=True)


class Items(torch.utils.data.Dataset):
    def __len__(self):
        return 1000
    def __getitem__(self, i):
        return torch.full((1 << 18,), float(i))


workers = 2 if mode == "evalpause" else 0
loader = iter(torch.utils.data.DataLoader(Items(), batch_size=None, num_workers=workers))
for step in range(steps):
    batch = next(loader)
    if step == 4 and rank == 1 and mode == "fifo":
        # the next shard comes from SHARD (a FIFO standing in for a stream / a hung network file):
        # opened read-write so open() returns; read() blocks until someone writes
        fd = os.open(os.environ["SHARD"], os.O_RDWR)
        data = os.read(fd, 4096)
        os.close(fd)
        print(f"rank {rank} read {len(data)} bytes of shard", flush=True)
    if step == 4 and rank == 1 and mode == "lock":
        # a checkpoint thread takes the state lock and never gives it back; the main thread waits on it
        lock = threading.Lock()
        def checkpointer():
            lock.acquire()
            time.sleep(3600)
        threading.Thread(target=checkpointer, daemon=True).start()
        time.sleep(0.5)
        with lock:
            pass
    if step == 4 and mode == "bigreduce":
        # every rank all-reduces 128 MiB; rank 2 gets SIGSTOP (as from `kill -STOP` by an operator) 0.3 s into it
        big = torch.ones(32 << 20)
        if rank == 2:
            threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGSTOP)).start()
        dist.all_reduce(big)
        print(f"rank {rank} big all_reduce done {big[0].item():.0f}", flush=True)
    if step == 4 and mode == "evalpause":
        time.sleep(float(os.environ.get("EVAL_S", "8")))  # an evaluation on every rank, shorter than the stall
    x = batch.clone()
    dist.all_reduce(x)                                # 1 MiB floats = 1 MB x4 per step
    print(f"rank {rank} step {step} loss {x[0].item() / world:.3f}", flush=True)
    time.sleep(float(os.environ.get("STEP_SLEEP", "0.5")))
dist.barrier()
print(f"rank {rank} done", flush=True)
dist.destroy_process_group()
