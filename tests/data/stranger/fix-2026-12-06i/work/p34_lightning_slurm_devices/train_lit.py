import argparse

import lightning as L
import torch
from torch.utils.data import DataLoader, TensorDataset


class Model(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(64, 4)

    def training_step(self, batch, _):
        x, y = batch
        return torch.nn.functional.cross_entropy(self.fc(x), y)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters())


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-epochs", type=int, default=10)
    a = ap.parse_args()
    dl = DataLoader(TensorDataset(torch.randn(8192, 64), torch.randint(0, 4, (8192,))), batch_size=128)
    trainer = L.Trainer(accelerator="gpu", devices=8, num_nodes=2, strategy="ddp", max_epochs=a.max_epochs)
    trainer.fit(Model(), dl)
