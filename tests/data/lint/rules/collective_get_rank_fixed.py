import torch.distributed as dist


def evaluate(metric):
    if dist.get_rank() == 0:
        print("evaluating")
    dist.barrier()
    return metric
