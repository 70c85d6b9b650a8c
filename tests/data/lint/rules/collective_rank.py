import torch
import torch.distributed as dist


def train(rank, model, loss):
    dist.init_process_group("gloo")
    loss.backward()
    if rank == 0:
        dist.all_reduce(loss)
        print("loss", loss.item())
