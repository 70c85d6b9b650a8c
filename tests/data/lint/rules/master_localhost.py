import os
import torch.distributed as dist

node_rank = int(os.environ["NODE_RANK"])
os.environ["MASTER_ADDR"] = "localhost"
os.environ["MASTER_PORT"] = "29500"
dist.init_process_group("nccl")
