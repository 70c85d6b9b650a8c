import os
import torch.distributed as dist
from datasets import load_dataset

dist.init_process_group("nccl")
local_rank = int(os.environ["LOCAL_RANK"])
if local_rank == 0:
    load_dataset("imdb", cache_dir="/tmp/hf")
dist.barrier()
ds = load_dataset("imdb", cache_dir="/tmp/hf")
if dist.get_rank() == 0:
    print(len(ds["train"]))
dist.destroy_process_group()
