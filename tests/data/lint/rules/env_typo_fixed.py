import os

os.environ["NCCL_SOCKET_IFNAME"] = "eth0"
