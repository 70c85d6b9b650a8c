import lightning as L
import torch
from torch.utils.data import DataLoader, TensorDataset


class LitModel(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(32, 2)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = torch.nn.functional.cross_entropy(self.net(x), y)
        self.log("train_loss", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)


def main():
    ds = TensorDataset(torch.randn(4096, 32), torch.randint(0, 2, (4096,)))
    dl = DataLoader(ds, batch_size=64, num_workers=4)
    trainer = L.Trainer(
        accelerator="gpu",
        devices=8,
        num_nodes=2,
        strategy="ddp",
        max_epochs=5,
    )
    model = LitModel()
    trainer.fit(model, dl)
    trainer.save_checkpoint("final.ckpt")


if __name__ == "__main__":
    main()
