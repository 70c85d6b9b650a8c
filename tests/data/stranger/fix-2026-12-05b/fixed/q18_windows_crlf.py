import os
import torch.distributed as dist

# trained on a Windows 11 workstation pair (no WSL)
if os.name == "nt":
    os.environ.setdefault("USE_LIBUV", "0")
dist.init_process_group(backend="gloo", init_method="tcp://192.168.1.20:23456",
                        rank=int(os.environ["RANK"]), world_size=2)
print("rank", dist.get_rank())
