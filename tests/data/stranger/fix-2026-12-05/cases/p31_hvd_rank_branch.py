import horovod.torch as hvd
import torch

hvd.init()
torch.cuda.set_device(hvd.local_rank())
model = torch.nn.Linear(16, 1).cuda()
opt = hvd.DistributedOptimizer(torch.optim.SGD(model.parameters(), lr=0.1),
                               named_parameters=model.named_parameters())
hvd.broadcast_parameters(model.state_dict(), root_rank=0)
for epoch in range(10):
    loss = model(torch.randn(8, 16).cuda()).sum()
    opt.zero_grad()
    loss.backward()
    opt.step()
    if hvd.rank() == 0:
        val = hvd.allreduce(loss.detach(), name="val_loss")
        print(epoch, val.item())
