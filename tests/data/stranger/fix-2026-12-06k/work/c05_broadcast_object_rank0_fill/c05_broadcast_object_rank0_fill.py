import torch
import torch.distributed as dist

dist.init_process_group(backend="gloo")
rank = dist.get_rank()
if rank == 0:
    config = [{"lr": 0.1, "seed": 1234}]
    print("rank 0 chose the config")
else:
    config = [None]
dist.broadcast_object_list(config, src=0)
dist.barrier()
if rank == 0:
    torch.save(config[0], "/tmp/s14_c05_config.pt")
print(f"rank {rank} lr {config[0]['lr']}")
dist.destroy_process_group()
