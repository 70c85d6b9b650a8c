import os
import sys

import torch.distributed as dist

# launched by `python p31_env_port_int.py RANK WORLD_SIZE` on each box
os.environ["MASTER_ADDR"] = "192.168.1.10"
os.environ["MASTER_PORT"] = 29500
rank, world = int(sys.argv[1]), int(sys.argv[2])
dist.init_process_group("gloo", rank=rank, world_size=world)
dist.barrier()
print("ok", rank)
