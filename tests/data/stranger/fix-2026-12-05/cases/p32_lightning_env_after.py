import os

import lightning as L
import torch


class Model(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(32, 2)

    def training_step(self, batch, batch_idx):
        return self.layer(batch).sum()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


if __name__ == "__main__":
    trainer = L.Trainer(accelerator="gpu", devices=8, num_nodes=2, strategy="ddp", max_epochs=1)
    loader = torch.utils.data.DataLoader(torch.randn(1024, 32), batch_size=32)
    trainer.fit(Model(), loader)
    os.environ["NCCL_SOCKET_IFNAME"] = "ib0"
    trainer.test(Model(), loader)
