import os
import subprocess

env = os.environ.copy()
env["NCCL_SOCKET_IFNAME"] = "eth9 "
env["NCCL_BUFFSIZE"] = "4MB"
extra = dict(os.environ)
extra.update({"GLOO_SOCKET_IFNAME": "ens1f0 "})
extra.setdefault("NCCL_SOKET_NTHREADS", "4")
subprocess.run(["python", "train.py"], env=env, check=True)
subprocess.run(["python", "eval.py"], env=extra, check=True)
subprocess.run(["python", "eval.py"], env=dict(os.environ, NCCL_SOCKET_IFNAME="ib0 "), check=True)
