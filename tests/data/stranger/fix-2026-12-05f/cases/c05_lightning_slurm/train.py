import lightning as L
import torch
from torch.utils.data import DataLoader, TensorDataset


class Model(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.l = torch.nn.Linear(8, 1)

    def training_step(self, batch, _):
        x, y = batch
        return torch.nn.functional.mse_loss(self.l(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


trainer = L.Trainer(accelerator="gpu", devices=4, num_nodes=2, strategy="ddp", max_epochs=3)
trainer.fit(Model(), DataLoader(TensorDataset(torch.randn(512, 8), torch.randn(512, 1)), batch_size=32))
if trainer.is_global_zero:
    print("done")
