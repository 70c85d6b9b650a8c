"""CPU-only data-parallel training of the ranking model over Gloo.

The nodes have two NICs; the cluster traffic must go over eth1 (the
hostname resolves to eth0's address, which other nodes cannot reach).
"""
import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

from ranker import RankNet, make_loader


def main():
    dist.init_process_group(backend="gloo", init_method="env://")
    os.environ["GLOO_SOCKET_IFNAME"] = "eth1"

    rank = dist.get_rank()
    world = dist.get_world_size()
    torch.set_num_threads(int(os.environ.get("OMP_NUM_THREADS", "16")))

    model = DDP(RankNet(hidden=1024))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    loader = make_loader("/data/clicks", shard=rank, num_shards=world, batch_size=4096)

    for epoch in range(10):
        for feats, labels in loader:
            loss = torch.nn.functional.binary_cross_entropy_with_logits(model(feats), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
        if rank == 0:
            print(f"epoch {epoch} loss {loss.item():.5f}", flush=True)

    dist.destroy_process_group()


if __name__ == "__main__":
    main()
