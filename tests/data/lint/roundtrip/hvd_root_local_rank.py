# horovodrun -np 8 -H gpu-a:4,gpu-b:4 python p19_hvd_broadcast_local_root.py
import horovod.torch as hvd
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

hvd.init()
torch.cuda.set_device(hvd.local_rank())

model = nn.Sequential(nn.Linear(128, 256), nn.ReLU(), nn.Linear(256, 10)).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01 * hvd.size())
optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=model.named_parameters())

# start every worker from the same weights
hvd.broadcast_parameters(model.state_dict(), root_rank=hvd.local_rank())
hvd.broadcast_optimizer_state(optimizer, root_rank=0)

data = TensorDataset(torch.randn(20000, 128), torch.randint(0, 10, (20000,)))
sampler = DistributedSampler(data, num_replicas=hvd.size(), rank=hvd.rank())
loader = DataLoader(data, batch_size=64, sampler=sampler, num_workers=4)

for epoch in range(5):
    sampler.set_epoch(epoch)
    for x, y in loader:
        x, y = x.cuda(), y.cuda()
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
    if hvd.rank() == 0:
        print(f"epoch {epoch} loss {loss.item():.4f}")
