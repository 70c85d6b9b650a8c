import torch.distributed as dist


def save(args, model, tensor):
    dist.broadcast(tensor, src=0)
    if args.local_rank != 0:
        return
    model.save("ckpt")
