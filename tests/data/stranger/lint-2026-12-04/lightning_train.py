import os
import lightning as L
import torch

os.environ["NCCL_SOCKET_IFNAME"] = "eth0"

class M(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.l = torch.nn.Linear(10, 1)
    def training_step(self, batch, i):
        return self.l(batch[0]).sum()
    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), 0.1)

trainer = L.Trainer(accelerator="gpu", devices=4, num_nodes=2, strategy="ddp")
ds = torch.utils.data.TensorDataset(torch.randn(100, 10))
trainer.fit(M(), torch.utils.data.DataLoader(ds, batch_size=8))
