import lightning as L
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader


class LitModel(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(32, 2)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = F.cross_entropy(self.layer(x), y)
        self.log("train_loss", loss, sync_dist=True)
        return loss

    def on_train_epoch_end(self):
        if self.trainer.is_global_zero:
            print("epoch done")

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def main():
    model = LitModel()
    trainer = L.Trainer(accelerator="gpu", devices=8, num_nodes=4, strategy="ddp")
    trainer.fit(model, DataLoader(make_dataset(), batch_size=32))


if __name__ == "__main__":
    main()
