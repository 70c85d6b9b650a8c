import lightning as L
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


class Model(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = nn.Linear(64, 2)

    def training_step(self, batch, _):
        x, y = batch
        loss = nn.functional.cross_entropy(self.layer(x), y)
        self.log("loss", loss, sync_dist=True)
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def main():
    ds = TensorDataset(torch.randn(8192, 64), torch.randint(0, 2, (8192,)))
    trainer = L.Trainer(accelerator="gpu", devices=8, num_nodes=2, strategy="ddp",
                        max_epochs=3, enable_checkpointing=True)
    trainer.fit(Model(), DataLoader(ds, batch_size=64, num_workers=2))
    trainer.save_checkpoint("last.ckpt")
    if trainer.is_global_zero:
        print("done")


if __name__ == "__main__":
    main()
