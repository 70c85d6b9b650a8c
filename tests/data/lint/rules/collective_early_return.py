import torch.distributed as dist


def save(args, model, tensor):
    if args.local_rank != 0:
        return
    dist.broadcast(tensor, src=0)
    model.save("ckpt")
