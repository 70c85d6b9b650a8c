import torch
from lightning.fabric import Fabric

fabric = Fabric(accelerator="cuda", devices=4, num_nodes=2, strategy="ddp")
fabric.launch()
model = torch.nn.Linear(32, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model, optimizer = fabric.setup(model, optimizer)
for epoch in range(3):
    loss = model(torch.randn(16, 32, device=fabric.device)).sum()
    fabric.backward(loss)
    optimizer.step()
    mean_loss = fabric.all_reduce(loss.detach(), reduce_op="mean")
    if fabric.is_global_zero:
        fabric.print(f"epoch {epoch}: {mean_loss.item():.3f}")
