import torch
import torch.distributed as dist

dist.init_process_group(backend="gloo")
is_main = dist.get_rank() == 0
loss = torch.tensor([float(dist.get_rank() + 1)])
dist.all_reduce(loss)
if is_main:
    print(f"mean loss {loss.item() / dist.get_world_size():.3f}")
dist.barrier()
dist.destroy_process_group()
