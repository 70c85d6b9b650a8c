import argparse
import socket
import torch.distributed as dist

parser = argparse.ArgumentParser()
parser.add_argument("--node_rank", type=int, required=True)
parser.add_argument("--nnodes", type=int, default=2)
parser.add_argument("--local_rank", type=int, default=0)
parser.add_argument("--nproc", type=int, default=8)
args = parser.parse_args()

dist.init_process_group(
    backend="nccl",
    init_method=f"tcp://{socket.gethostname()}:23456",
    rank=args.node_rank * args.nproc + args.local_rank,
    world_size=args.nnodes * args.nproc,
)
