import torch
import lightning.pytorch as pl


class LitModel(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(32, 2)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = torch.nn.functional.cross_entropy(self.layer(x), y)
        self.log("train_loss", loss)
        return loss

    def validation_step(self, batch, batch_idx):
        x, y = batch
        loss = torch.nn.functional.cross_entropy(self.layer(x), y)
        if self.trainer.is_global_zero:
            self.log("val_loss", loss, sync_dist=True)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


if __name__ == "__main__":
    trainer = pl.Trainer(accelerator="gpu", devices=4, num_nodes=2, strategy="ddp", max_epochs=5)
    trainer.fit(LitModel())
