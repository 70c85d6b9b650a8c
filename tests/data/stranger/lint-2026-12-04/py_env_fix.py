import os
import subprocess
import torch.distributed as dist

os.environ["NCCL_ASYNC_ERROR_HANDLING"] = "1"
os.environ['NCCL_P2P_DISABLE'] = 'true'
os.environ.setdefault("NCCL_BLOCKING_WAIT", "1")
os.environ["NCCL_SOCKET_IFNAME"] = "lo"
env = dict(os.environ, NCCL_DEBUG="INFO", NCCL_ASYNC_ERROR_HANDLING="1")
dist.init_process_group("nccl")
subprocess.run(["torchrun", "--nnodes=2", "--nproc_per_node=8", "--master_addr=localhost", "t.py"], env=env)
