import argparse

import lightning as L
import torch
from torch.utils.data import DataLoader, TensorDataset


class LitModel(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(32, 2)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.cross_entropy(self.net(x), y)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--num_nodes", type=int, default=1)
    p.add_argument("--devices", type=int, default=1)
    args = p.parse_args()
    ds = TensorDataset(torch.randn(1024, 32), torch.randint(0, 2, (1024,)))
    trainer = L.Trainer(
        accelerator="gpu",
        devices=4,
        num_nodes=2,
        strategy="ddp",
        max_epochs=5,
    )
    trainer.fit(LitModel(), DataLoader(ds, batch_size=64, num_workers=4))
