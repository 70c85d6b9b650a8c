import torch.distributed as dist

dist.init_process_group(backend="gloo", init_method="env://")
