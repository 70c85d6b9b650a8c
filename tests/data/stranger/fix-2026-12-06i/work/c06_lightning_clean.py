import lightning as L
import torch
from lightning.pytorch.utilities import rank_zero_only
from torch.utils.data import DataLoader, TensorDataset


class Net(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(32, 2)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = torch.nn.functional.cross_entropy(self.layer(x), y)
        self.log("loss", loss, sync_dist=True)
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


@rank_zero_only
def announce(path):
    print(f"checkpoint written to {path}")


if __name__ == "__main__":
    data = DataLoader(TensorDataset(torch.randn(2048, 32), torch.randint(0, 2, (2048,))), batch_size=32, num_workers=2)
    trainer = L.Trainer(accelerator="gpu", devices=4, num_nodes=2, strategy="ddp", max_epochs=3)
    trainer.fit(Net(), data)
    trainer.save_checkpoint("last.ckpt")
    announce("last.ckpt")
