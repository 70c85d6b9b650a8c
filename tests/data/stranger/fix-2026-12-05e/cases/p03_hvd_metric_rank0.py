import argparse

import torch
import torch.nn.functional as F
import horovod.torch as hvd
from torchvision import datasets, transforms


def build_loader(args):
    ds = datasets.MNIST(args.data, train=False, download=False,
                        transform=transforms.ToTensor())
    sampler = torch.utils.data.distributed.DistributedSampler(
        ds, num_replicas=hvd.size(), rank=hvd.rank())
    return torch.utils.data.DataLoader(ds, batch_size=args.batch_size, sampler=sampler)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--data", default="/data/mnist")
    p.add_argument("--batch-size", type=int, default=128)
    args = p.parse_args()

    hvd.init()
    torch.cuda.set_device(hvd.local_rank())
    model = torch.load("/ckpt/model.pt").cuda()
    model.eval()

    loader = build_loader(args)
    correct = torch.zeros(1).cuda()
    with torch.no_grad():
        for x, y in loader:
            out = model(x.cuda())
            correct += (out.argmax(1) == y.cuda()).sum()

    if hvd.rank() == 0:
        total = hvd.allreduce(correct, op=hvd.Sum)
        print(f"accuracy: {total.item() / len(loader.dataset):.4f}")


if __name__ == "__main__":
    main()
