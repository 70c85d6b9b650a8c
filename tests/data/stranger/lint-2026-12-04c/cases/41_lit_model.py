import os

import lightning as L
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from data import TinyStories
from model import TransformerLM


class LitLM(L.LightningModule):
    def __init__(self, lr=3e-4):
        super().__init__()
        self.save_hyperparameters()
        self.net = TransformerLM(vocab=32000, d_model=1024, n_layers=24)

    def training_step(self, batch, batch_idx):
        x, y = batch
        logits = self.net(x)
        loss = F.cross_entropy(logits.view(-1, logits.size(-1)), y.view(-1))
        self.log("train/loss", loss, prog_bar=True, sync_dist=True)
        return loss

    def validation_step(self, batch, batch_idx):
        x, y = batch
        logits = self.net(x)
        loss = F.cross_entropy(logits.view(-1, logits.size(-1)), y.view(-1))
        self.log("val/loss", loss, sync_dist=True)

    def on_train_epoch_end(self):
        if self.trainer.is_global_zero:
            print(f"epoch {self.current_epoch} done", flush=True)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.hparams.lr, weight_decay=0.1)


if __name__ == "__main__":
    # launched by torchrun on each of the 2 nodes (NODE_RANK/MASTER_ADDR come from torchrun)
    os.environ.setdefault("NCCL_DEBUG", "WARN")
    train = DataLoader(TinyStories("train"), batch_size=32, num_workers=8, shuffle=True)
    val = DataLoader(TinyStories("validation"), batch_size=32, num_workers=8)
    trainer = L.Trainer(accelerator="gpu", devices=8, num_nodes=2, strategy="ddp",
                        precision="bf16-mixed", max_steps=50_000, val_check_interval=2000)
    trainer.fit(LitLM(), train, val)
