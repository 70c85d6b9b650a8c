import os
import platform

import torch
import torch.distributed as dist

backend = "gloo" if platform.system() == "Windows" else "nccl"
store_path = os.path.join(os.environ.get("SHARE", r"\\fileserver\scratch"), "ddp_store")
init_method = "file:///" + store_path.replace("\\", "/")

dist.init_process_group(backend, init_method=init_method,
                        rank=int(os.environ["RANK"]), world_size=int(os.environ["WORLD_SIZE"]))
w = torch.ones(3)
dist.all_reduce(w)
print(f"rank {dist.get_rank()}: {w}")
dist.destroy_process_group()
