# Two Windows 11 workstations (RTX 4090 each), Lightning DDP across both.
# Start on each PC (PowerShell):  $env:MASTER_ADDR="192.168.1.20"; $env:MASTER_PORT="29500"
#                                 $env:NODE_RANK="0"  (1 on the second PC); python train_win.py
import platform

import lightning as L
import torch
import torch.nn as nn
from lightning.pytorch.strategies import DDPStrategy
from torch.utils.data import DataLoader, TensorDataset

assert platform.system() == "Windows", "this script is for the Windows workstations"


class Net(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = nn.Linear(32, 2)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.cross_entropy(self.layer(x), y)
        self.log("train_loss", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


if __name__ == "__main__":
    data = TensorDataset(torch.randn(4096, 32), torch.randint(0, 2, (4096,)))
    loader = DataLoader(data, batch_size=64, num_workers=2)
    trainer = L.Trainer(
        accelerator="gpu",
        devices=1,
        num_nodes=2,
        strategy=DDPStrategy(find_unused_parameters=False),
        max_epochs=5,
    )
    trainer.fit(Net(), loader)
