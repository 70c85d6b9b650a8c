import os

import torch
import torch.distributed as dist

NODE_RANK = int(os.environ["NODE_RANK"])
local_rank = int(os.environ["LOCAL_RANK"])
rank = int(os.environ["RANK"])

dist.init_process_group("nccl", init_method="env://", rank=rank,
                        world_size=torch.cuda.device_count())
torch.cuda.set_device(local_rank)
dist.barrier()
