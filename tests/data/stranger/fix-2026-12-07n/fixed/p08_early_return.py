import os
import tempfile
import torch
import torch.distributed as dist


def save_checkpoint(model, path):
    dist.barrier()  # outside the rank branch, at the indentation of line 8: every rank makes the same collective calls
    if dist.get_rank() != 0:
        return
    torch.save(model.state_dict(), path)


def main():
    dist.init_process_group(backend="gloo")
    model = torch.nn.Linear(4, 2)
    path = os.path.join(tempfile.gettempdir(), "s17_p08_ckpt.pt")
    save_checkpoint(model, path)
    model.load_state_dict(torch.load(path))
    print("rank", dist.get_rank(), "loaded")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
