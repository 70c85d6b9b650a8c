import os
import torch.distributed as dist


def main():
    os.environ["GLOO_SOCKET_IFNAME"] = "eth0"
    dist.init_process_group(backend="gloo")
