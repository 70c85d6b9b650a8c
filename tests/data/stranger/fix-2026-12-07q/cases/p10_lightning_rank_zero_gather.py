import lightning.pytorch as pl
import torch
import torch.nn as nn
from lightning.pytorch.utilities import rank_zero_only
from torch.utils.data import DataLoader, TensorDataset


class Classifier(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(32, 10)
        self.val_preds = []

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.cross_entropy(self.net(x), y)
        self.log("train_loss", loss, sync_dist=True)
        return loss

    def validation_step(self, batch, batch_idx):
        x, y = batch
        self.val_preds.append(self.net(x).argmax(1))

    def on_validation_epoch_end(self):
        self.write_predictions()
        self.val_preds.clear()

    @rank_zero_only
    def write_predictions(self):
        preds = self.all_gather(torch.cat(self.val_preds))
        torch.save(preds.flatten().cpu(), f"preds_epoch{self.current_epoch}.pt")

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


def loader():
    ds = TensorDataset(torch.randn(4096, 32), torch.randint(0, 10, (4096,)))
    return DataLoader(ds, batch_size=64, num_workers=4)


if __name__ == "__main__":
    trainer = pl.Trainer(accelerator="gpu", devices=4, num_nodes=2, strategy="ddp", max_epochs=5)
    trainer.fit(Classifier(), loader(), loader())
