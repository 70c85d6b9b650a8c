import torch.distributed as dist

def f(rank):
    if rank == 0:
        print(1)
    else:

def g():
    pass
