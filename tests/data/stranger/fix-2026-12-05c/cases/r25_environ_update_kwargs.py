import os

os.environ.update(NCCL_NSOCKS_PERTHREAD=4, NCCL_SOCKET_NTHREADS="2")

import torch.distributed as dist  # noqa: E402

dist.init_process_group("nccl")
print(dist.get_rank())
