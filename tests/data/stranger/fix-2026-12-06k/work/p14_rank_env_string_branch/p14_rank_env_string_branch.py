import os

import torch
import torch.distributed as dist

dist.init_process_group(backend=os.environ.get("BACKEND", "gloo"))
t = torch.ones(1)
dist.all_reduce(t)
if os.environ["RANK"] == "0":
    print("writing checkpoint")
    torch.save({"w": t}, "/tmp/s14_p14_ckpt.pt")
    dist.barrier()
dist.destroy_process_group()
