import lightning as L
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


class LitRegressor(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(32, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.mse_loss(self.net(x), y)
        self.log("train_loss", loss, sync_dist=True)
        return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


def main():
    ds = TensorDataset(torch.randn(4096, 32), torch.randn(4096, 1))
    trainer = L.Trainer(
        accelerator="gpu",
        devices=8,
        num_nodes=4,
        strategy="ddp",
        max_epochs=20,
    )
    model = LitRegressor()
    trainer.fit(model, DataLoader(ds, batch_size=128, num_workers=4))
    trainer.save_checkpoint("final.ckpt")
    if trainer.is_global_zero:
        print("saved final.ckpt")


if __name__ == "__main__":
    main()
