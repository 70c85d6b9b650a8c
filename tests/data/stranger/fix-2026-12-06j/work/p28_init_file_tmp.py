import os
import torch
import torch.distributed as dist

NODE_RANK = int(os.environ["NODE_RANK"])
NNODES = int(os.environ["NNODES"])
LOCAL_RANK = int(os.environ["LOCAL_RANK"])
GPUS = torch.cuda.device_count()

dist.init_process_group(
    backend="nccl",
    init_method="file:///tmp/ddp_init_file",
    rank=NODE_RANK * GPUS + LOCAL_RANK,
    world_size=NNODES * GPUS,
)
