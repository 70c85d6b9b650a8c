import os

import lightning as L
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


class LitRegressor(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 1))

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.mse_loss(self.net(x), y)
        self.log("train_loss", loss, sync_dist=True)
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)


if __name__ == "__main__":
    data = TensorDataset(torch.randn(10_000, 32), torch.randn(10_000, 1))
    trainer = L.Trainer(
        accelerator="gpu",
        devices=4,
        num_nodes=int(os.environ.get("NUM_NODES", 2)),
        strategy="ddp",
        max_epochs=5,
    )
    trainer.fit(LitRegressor(), DataLoader(data, batch_size=256, num_workers=4))

    trainer.save_checkpoint("/checkpoints/final.ckpt")
    if trainer.is_global_zero:
        print("saved")
