import horovod.torch as hvd
import torch

hvd.init()
torch.cuda.set_device(hvd.local_rank())

model = torch.nn.Linear(128, 10).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.01 * hvd.size())
opt = hvd.DistributedOptimizer(opt, named_parameters=model.named_parameters())
hvd.broadcast_parameters(model.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(opt, root_rank=0)

for epoch in range(5):
    for step in range(100):
        x = torch.randn(32, 128).cuda()
        loss = model(x).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    avg = hvd.allreduce(loss.detach(), name="avg_loss")
    if hvd.rank() == 0:
        print(f"epoch {epoch} loss {avg.item():.4f}")
