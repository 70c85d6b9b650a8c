import torch
from accelerate import Accelerator

accelerator = Accelerator()
model = torch.nn.Linear(16, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
data = torch.utils.data.DataLoader(torch.randn(256, 16), batch_size=32)
model, opt, data = accelerator.prepare(model, opt, data)

for epoch in range(2):
    for x in data:
        loss = model(x).pow(2).mean()
        accelerator.backward(loss)
        opt.step()
        opt.zero_grad()
    if accelerator.is_main_process:
        all_losses = accelerator.gather_for_metrics(loss.detach())
        print(f"epoch {epoch} mean loss {all_losses.mean().item():.4f}")
