import lightning as L
import torch
from torch.utils.data import DataLoader, TensorDataset


class Model(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(32, 2)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.cross_entropy(self.net(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def main():
    ds = TensorDataset(torch.randn(4096, 32), torch.randint(0, 2, (4096,)))
    trainer = L.Trainer(accelerator="gpu", devices=4, num_nodes=1, strategy="ddp", max_epochs=5)
    trainer.fit(Model(), DataLoader(ds, batch_size=64, num_workers=4))


if __name__ == "__main__":
    main()
