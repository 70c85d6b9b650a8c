# horovodrun -np 8 -H node1:4,node2:4 python c08_hvd_sampler_ok.py
import horovod.torch as hvd
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

hvd.init()
torch.cuda.set_device(hvd.local_rank())

ds = TensorDataset(torch.randn(80000, 64), torch.randint(0, 10, (80000,)))
sampler = DistributedSampler(ds, num_replicas=hvd.size(), rank=hvd.rank())
loader = DataLoader(ds, batch_size=256, sampler=sampler, num_workers=4)

model = torch.nn.Linear(64, 10).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.01 * hvd.size())
opt = hvd.DistributedOptimizer(opt, named_parameters=model.named_parameters())
hvd.broadcast_parameters(model.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(opt, root_rank=0)

for epoch in range(10):
    sampler.set_epoch(epoch)
    for x, y in loader:
        opt.zero_grad()
        loss = F.cross_entropy(model(x.cuda()), y.cuda())
        loss.backward()
        opt.step()
    if hvd.rank() == 0:
        print(f"epoch {epoch} loss {loss.item():.4f}")
