# A real torch.distributed Gloo job. Env: MASTER_ADDR/PORT, RANK, WORLD_SIZE, STEPS, GLOO_TIMEOUT,
# MODE (plain | exit | sleep | busy | uneven), BAD_RANK, BAD_STEP.
import os, sys, time, datetime
import torch, torch.distributed as dist
rank = int(os.environ["RANK"]); world = int(os.environ["WORLD_SIZE"])
steps = int(os.environ.get("STEPS", "6")); mode = os.environ.get("MODE", "plain")
bad = int(os.environ.get("BAD_RANK", "1")); bad_step = int(os.environ.get("BAD_STEP", "4"))
dist.init_process_group("gloo", rank=rank, world_size=world,
                        timeout=datetime.timedelta(seconds=int(os.environ.get("GLOO_TIMEOUT", "30"))))
print(f"rank {rank} joined", flush=True)
t = torch.ones(1 << 18)
for step in range(steps):
    if rank == bad and step == bad_step:
        if mode == "exit":
            print(f"rank {rank} exits at step {step}", flush=True); os._exit(3)
        if mode == "sleep":
            time.sleep(3600)
        if mode == "busy":
            x = 0
            while True: x += 1
        if mode == "uneven":
            print(f"rank {rank} ran out of batches at step {step}", flush=True)
            break
    dist.all_reduce(t)
    t.fill_(1.0)
    print(f"rank {rank} step {step} loss {1.0/(step+1):.3f}", flush=True)
    time.sleep(float(os.environ.get("STEP_SLEEP", "0.5")))
dist.barrier()
print(f"rank {rank} DONE", flush=True)
