import os

os.environ["NCCL_SOCKET_IFNAMES"] = "eth0"
