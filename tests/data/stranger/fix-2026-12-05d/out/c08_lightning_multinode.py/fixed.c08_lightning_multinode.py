import os

import lightning as L
import torch
from lightning.pytorch.callbacks import ModelCheckpoint
from lightning.pytorch.utilities import rank_zero_only
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


class Regressor(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = nn.Linear(32, 1)

    def training_step(self, batch, _):
        x, y = batch
        loss = nn.functional.mse_loss(self.layer(x), y)
        self.log("loss", loss, sync_dist=True)
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.05)


@rank_zero_only
def banner(trainer):
    print(f"world size {trainer.world_size}, nodes {trainer.num_nodes}")


if __name__ == "__main__":
    ds = TensorDataset(torch.randn(10_000, 32), torch.randn(10_000, 1))
    trainer = L.Trainer(
        accelerator="gpu",
        devices=8,
        num_nodes=int(os.environ.get("SLURM_NNODES", 2)),
        strategy="ddp",
        max_epochs=3,
        callbacks=[ModelCheckpoint(dirpath="ckpt/", save_last=True)],
    )
    banner(trainer)
    trainer.fit(Regressor(), DataLoader(ds, batch_size=128, num_workers=4))
    trainer.save_checkpoint("ckpt/final.ckpt")
