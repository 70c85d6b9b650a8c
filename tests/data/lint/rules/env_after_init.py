import os
import torch.distributed as dist


def main():
    dist.init_process_group(backend="gloo")
    os.environ["GLOO_SOCKET_IFNAME"] = "eth0"
