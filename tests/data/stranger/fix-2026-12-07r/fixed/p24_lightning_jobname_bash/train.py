import lightning as L
import torch


class Net(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(32, 2)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.cross_entropy(self.layer(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


if __name__ == "__main__":
    x = torch.randn(4096, 32)
    y = torch.randint(0, 2, (4096,))
    dl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(x, y), batch_size=64, num_workers=4)
    trainer = L.Trainer(accelerator="gpu", devices=4, num_nodes=2, strategy="ddp", max_epochs=10)
    trainer.fit(Net(), dl)
