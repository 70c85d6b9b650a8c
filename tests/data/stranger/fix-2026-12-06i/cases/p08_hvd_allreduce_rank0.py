import torch
import torch.nn.functional as F
import horovod.torch as hvd

hvd.init()
torch.cuda.set_device(hvd.local_rank())

model = torch.nn.Linear(784, 10).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01 * hvd.size())
optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=model.named_parameters())
hvd.broadcast_parameters(model.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(optimizer, root_rank=0)


def evaluate(model):
    model.eval()
    x = torch.randn(256, 784).cuda()
    y = torch.randint(0, 10, (256,)).cuda()
    with torch.no_grad():
        return F.cross_entropy(model(x), y)


for epoch in range(5):
    model.train()
    for step in range(100):
        x = torch.randn(32, 784).cuda()
        y = torch.randint(0, 10, (32,)).cuda()
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()

    if hvd.rank() == 0:
        val_loss = evaluate(model)
        avg = hvd.allreduce(val_loss, name="val_loss")
        print(f"epoch {epoch}: val_loss={avg.item():.4f}")
