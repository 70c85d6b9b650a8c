import argparse

import torch
import torch.nn.functional as F
import horovod.torch as hvd
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler
from torchvision import datasets, transforms

parser = argparse.ArgumentParser(description="Horovod MNIST")
parser.add_argument("--epochs", type=int, default=10)
parser.add_argument("--lr", type=float, default=0.01)
parser.add_argument("--batch-size", type=int, default=64)
args = parser.parse_args()

hvd.init()
torch.cuda.set_device(hvd.local_rank())

train_set = datasets.MNIST("data-%d" % hvd.rank(), train=True, download=True,
                           transform=transforms.ToTensor())
sampler = DistributedSampler(train_set, num_replicas=hvd.size(), rank=hvd.rank())
loader = DataLoader(train_set, batch_size=args.batch_size, sampler=sampler)

model = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(784, 10)).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=args.lr * hvd.size())
optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=model.named_parameters())
hvd.broadcast_parameters(model.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(optimizer, root_rank=0)

for epoch in range(args.epochs):
    sampler.set_epoch(epoch)
    model.train()
    running = 0.0
    for data, target in loader:
        data, target = data.cuda(), target.cuda()
        optimizer.zero_grad()
        loss = F.cross_entropy(model(data), target)
        loss.backward()
        optimizer.step()
        running += loss.item()
    # average the epoch loss over all workers for the log
    avg = hvd.allreduce(torch.tensor(running / len(loader)), name="avg_loss")
    if hvd.rank() == 0:
        print(f"epoch {epoch}: loss {avg.item():.4f}")
