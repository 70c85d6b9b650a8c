import torch
import lightning as L
from torch import nn


class Classifier(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(32, 4)
        self.val_preds = []

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.cross_entropy(self.net(x), y)

    def validation_step(self, batch, batch_idx):
        x, y = batch
        self.val_preds.append(self.net(x).argmax(-1))

    def on_validation_epoch_end(self):
        preds = torch.cat(self.val_preds)
        everything = self.all_gather(preds)
        if self.global_rank == 0:
            torch.save(everything, "val_preds.pt")
        self.val_preds.clear()

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)


if __name__ == "__main__":
    trainer = L.Trainer(accelerator="gpu", devices=4, num_nodes=2, strategy="ddp", max_epochs=3)
    trainer.fit(Classifier())
