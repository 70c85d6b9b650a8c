import argparse

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def run(local_rank, args):
    global_rank = args.node_rank * args.gpus + local_rank
    world = args.num_nodes * args.gpus
    dist.init_process_group(
        backend="gloo",
        init_method="tcp://localhost:23456",
        rank=global_rank,
        world_size=world,
    )
    t = torch.tensor([float(global_rank)])
    dist.all_reduce(t)
    print(f"rank {global_rank}/{world}: sum={t.item()}")
    dist.destroy_process_group()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--num-nodes", type=int, default=2)
    parser.add_argument("--node-rank", type=int, required=True)
    parser.add_argument("--gpus", type=int, default=2)
    args = parser.parse_args()
    mp.spawn(run, args=(args,), nprocs=args.gpus, join=True)
