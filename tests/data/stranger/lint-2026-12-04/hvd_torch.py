import torch
import horovod.torch as hvd

hvd.init()
torch.cuda.set_device(hvd.local_rank())
model = torch.nn.Linear(10, 1).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=model.named_parameters())
# forgot broadcast_parameters
for i in range(100):
    optimizer.zero_grad()
    loss = model(torch.randn(32, 10).cuda()).sum()
    loss.backward()
    optimizer.step()
    if hvd.rank() == 0:
        print(hvd.allreduce(loss))
