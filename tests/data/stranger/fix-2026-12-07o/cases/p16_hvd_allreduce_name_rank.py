import torch
import torch.nn.functional as F
import horovod.torch as hvd
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from data import make_datasets
from net import Net

hvd.init()
torch.cuda.set_device(hvd.local_rank())

train_set, val_set = make_datasets("/data/cifar10")
train_sampler = DistributedSampler(train_set, num_replicas=hvd.size(), rank=hvd.rank())
val_sampler = DistributedSampler(val_set, num_replicas=hvd.size(), rank=hvd.rank(), shuffle=False)
train_loader = DataLoader(train_set, batch_size=128, sampler=train_sampler, num_workers=4)
val_loader = DataLoader(val_set, batch_size=256, sampler=val_sampler, num_workers=4)

model = Net().cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.05 * hvd.size(), momentum=0.9)
optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=model.named_parameters())
hvd.broadcast_parameters(model.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(optimizer, root_rank=0)


def validate():
    model.eval()
    loss_sum, n = 0.0, 0
    with torch.no_grad():
        for x, y in val_loader:
            x, y = x.cuda(), y.cuda()
            loss_sum += F.cross_entropy(model(x), y, reduction="sum").item()
            n += y.numel()
    local = torch.tensor(loss_sum / max(n, 1))
    return hvd.allreduce(local, name=f"val_loss_rank{hvd.rank()}").item()


for epoch in range(30):
    model.train()
    train_sampler.set_epoch(epoch)
    for x, y in train_loader:
        x, y = x.cuda(), y.cuda()
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
    val_loss = validate()
    if hvd.rank() == 0:
        print(f"epoch {epoch} val_loss {val_loss:.4f}", flush=True)
