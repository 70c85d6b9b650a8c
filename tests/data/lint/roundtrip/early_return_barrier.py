import os

import torch
import torch.distributed as dist


def export_weights(model, path):
    # only rank 0 writes; the others wait for the file
    if dist.get_rank() != 0:
        return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    torch.save(model.state_dict(), path)
    dist.barrier()
    print("exported", path)


def main():
    dist.init_process_group("gloo")
    model = torch.nn.Linear(8, 2)
    export_weights(model, "/tmp/dd-export/weights.pt")
    model.load_state_dict(torch.load("/tmp/dd-export/weights.pt"))
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
