import lightning.pytorch as pl
import torch
from torch.utils.data import DataLoader, TensorDataset


class Model(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(64, 2)

    def training_step(self, batch, _):
        x, y = batch
        return torch.nn.functional.cross_entropy(self.layer(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.05)


if __name__ == "__main__":
    data = TensorDataset(torch.randn(10000, 64), torch.randint(0, 2, (10000,)))
    trainer = pl.Trainer(accelerator="gpu", devices=4, num_nodes=2, strategy="ddp", max_epochs=5)
    trainer.fit(Model(), DataLoader(data, batch_size=256, num_workers=2))
