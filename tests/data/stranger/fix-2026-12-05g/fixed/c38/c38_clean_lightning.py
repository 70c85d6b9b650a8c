import lightning as L
import torch
from torch.utils.data import DataLoader, TensorDataset


class Regressor(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = torch.nn.functional.mse_loss(self.layer(x), y)
        self.log("loss", loss, sync_dist=True)
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


def main():
    data = TensorDataset(torch.randn(512, 8), torch.randn(512, 1))
    trainer = L.Trainer(accelerator="gpu", devices=4, num_nodes=2, strategy="ddp", max_epochs=2)
    trainer.fit(Regressor(), DataLoader(data, batch_size=32, num_workers=2))


if __name__ == "__main__":
    main()
