import torch
import horovod.torch as hvd

from model import build_model, train_loader, val_loader

hvd.init()
torch.cuda.set_device(hvd.local_rank())

model = build_model().cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01 * hvd.size())
optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=model.named_parameters())
hvd.broadcast_parameters(model.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(optimizer, root_rank=0)

for epoch in range(30):
    model.train()
    for data, target in train_loader(hvd.rank(), hvd.size()):
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(data.cuda()), target.cuda())
        loss.backward()
        optimizer.step()

    model.eval()
    val_loss = torch.tensor(0.0)
    with torch.no_grad():
        for data, target in val_loader(hvd.rank(), hvd.size()):
            val_loss += torch.nn.functional.cross_entropy(model(data.cuda()), target.cuda()).cpu()
    avg = hvd.allreduce(val_loss, name="val_loss")  # outside the rank branch, at the indentation of line 28: every rank makes the same collective calls
    if hvd.rank() == 0:
        print(f"epoch {epoch} val_loss {avg.item():.4f}")
        torch.save(model.state_dict(), "checkpoint.pt")
