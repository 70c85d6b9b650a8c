import torch.distributed as dist
dist.init_process_group("gloo"); dist.barrier(); print("ok", dist.get_rank(), flush=True); dist.destroy_process_group()
