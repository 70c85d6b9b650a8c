import os
import torch.distributed as dist

backend = "gloo" if os.name == "nt" else "nccl"
dist.init_process_group(backend=backend, init_method="tcp://192.168.1.20:23456",
                        rank=int(os.environ["RANK"]), world_size=2)
print("rank", dist.get_rank())
