# Two Windows 11 workstations (RTX 4090 each), started with launch_win.ps1 on both.
import os
import platform

import lightning as L
import torch
from lightning.pytorch.strategies import DDPStrategy

assert platform.system() == "Windows", "this launcher is for the Windows lab PCs"
os.environ.setdefault("USE_LIBUV", "0")


class Net(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(32, 2)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.cross_entropy(self.layer(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def loader():
    x = torch.randn(1024, 32)
    y = torch.randint(0, 2, (1024,))
    return torch.utils.data.DataLoader(torch.utils.data.TensorDataset(x, y), batch_size=32)


if __name__ == "__main__":
    trainer = L.Trainer(
        accelerator="gpu",
        devices=1,
        num_nodes=2,
        strategy=DDPStrategy(process_group_backend="nccl"),
        max_epochs=5,
    )
    trainer.fit(Net(), loader())
