import argparse

import lightning.pytorch as pl
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


class Regressor(pl.LightningModule):
    def __init__(self, lr: float = 1e-3):
        super().__init__()
        self.save_hyperparameters()
        self.net = nn.Sequential(nn.Linear(16, 64), nn.ReLU(), nn.Linear(64, 1))

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.mse_loss(self.net(x), y)
        self.log("train_loss", loss, sync_dist=True)
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.hparams.lr)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--num_nodes", type=int, default=2)
    ap.add_argument("--devices", type=int, default=4)
    args = ap.parse_args()

    data = TensorDataset(torch.randn(10000, 16), torch.randn(10000, 1))
    trainer = pl.Trainer(
        accelerator="gpu",
        devices=args.devices,
        num_nodes=args.num_nodes,
        strategy="ddp",
        max_epochs=10,
    )
    trainer.fit(Regressor(), DataLoader(data, batch_size=128, shuffle=True))
    if trainer.global_rank == 0:
        trainer.save_checkpoint("final.ckpt")
        print("saved final.ckpt")


if __name__ == "__main__":
    main()
