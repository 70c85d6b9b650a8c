import os
import subprocess
import sys

nodes = ["node0", "node1"]
env = os.environ.copy()
env["MASTER_ADDR"] = "node0"
env["MASTER_PORT"] = "29500"
env["NCCL_SOCKET_IFNAME"] = "eth0"
procs = []
for rank, node in enumerate(nodes):
    cmd = [
        "ssh", node,
        "torchrun", "--nnodes=2", "--nproc_per_node=8", f"--node_rank={rank}",
        "--master_addr=node0", "--master_port=29500", "train.py",
    ]
    procs.append(subprocess.Popen(cmd, env=env))
for p in procs:
    p.wait()

subprocess.run("python -m torch.distributed.launch --nproc_per_node=8 --use_env train.py", shell=True, check=True)
