import lightning as L
import torch
import torch.nn.functional as F
import torchmetrics
from torch.utils.data import DataLoader, TensorDataset


class Classifier(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(32, 4)
        self.val_acc = torchmetrics.classification.MulticlassAccuracy(num_classes=4)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return F.cross_entropy(self.net(x), y)

    def validation_step(self, batch, batch_idx):
        x, y = batch
        self.val_acc.update(self.net(x).argmax(dim=1), y)

    def on_validation_epoch_end(self):
        if self.trainer.is_global_zero:
            acc = self.val_acc.compute()
            print(f"val acc {acc:.4f}")
        self.val_acc.reset()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def loader():
    ds = TensorDataset(torch.randn(512, 32), torch.randint(0, 4, (512,)))
    return DataLoader(ds, batch_size=32, num_workers=2)


if __name__ == "__main__":
    trainer = L.Trainer(accelerator="gpu", devices=4, num_nodes=2, strategy="ddp", max_epochs=5)
    trainer.fit(Classifier(), loader(), loader())
