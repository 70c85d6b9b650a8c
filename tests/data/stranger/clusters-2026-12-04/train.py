import os, sys, time, torch, torch.distributed as dist
mode = os.environ.get("MODE", "normal")
dist.init_process_group("gloo")
r = dist.get_rank()
print(f"rank {r} joined", flush=True)
x = torch.ones(int(os.environ.get("NUMEL", "262144")))
for step in range(int(os.environ.get("STEPS", "60"))):
    if mode == "skip" and step == 6:
        if r == 1:
            print(f"rank {r} skipping all_reduce at step {step}", flush=True)
            time.sleep(3600)
        else:
            dist.all_reduce(x)  # rank 1 never calls this one
    dist.all_reduce(x); x /= 2
    print(f"rank {r} step {step} loss {x[0].item():.3f}", flush=True)
    time.sleep(0.5)
dist.barrier()
print(f"rank {r} done", flush=True)
