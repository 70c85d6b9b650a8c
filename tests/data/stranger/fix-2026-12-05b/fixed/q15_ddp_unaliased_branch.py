import os

import torch
import torch.distributed


def main():
    torch.distributed.init_process_group(backend="nccl")
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    model = torch.nn.Linear(16, 16).cuda()
    for step in range(100):
        loss = model(torch.randn(8, 16, device="cuda")).pow(2).mean()
        loss.backward()
        stats = torch.tensor([loss.item(), float(step)], device="cuda")
        torch.distributed.all_reduce(stats)
        if torch.distributed.get_rank() == 0:
            stats /= torch.distributed.get_world_size()
            print(f"step {step} mean loss {stats[0].item():.4f}")
    torch.distributed.destroy_process_group()


if __name__ == "__main__":
    main()
