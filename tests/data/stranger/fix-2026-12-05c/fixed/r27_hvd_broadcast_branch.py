import horovod.torch as hvd
import torch

hvd.init()
torch.cuda.set_device(hvd.local_rank())
model = torch.nn.Linear(128, 10).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01 * hvd.size())

if hvd.rank() == 0:
    state = torch.load("init.pt")
    model.load_state_dict(state)
    hvd.broadcast_parameters(model.state_dict(), root_rank=0)
    print("loaded initial weights")

optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=model.named_parameters())
for step in range(100):
    optimizer.zero_grad()
    loss = model(torch.randn(32, 128).cuda()).sum()
    loss.backward()
    optimizer.step()
