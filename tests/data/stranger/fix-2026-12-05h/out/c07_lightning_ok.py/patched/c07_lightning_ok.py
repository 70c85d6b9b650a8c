import argparse

import lightning as L
import torch
from lightning.pytorch.callbacks import ModelCheckpoint
from lightning.pytorch.utilities import rank_zero_only
from torch.utils.data import DataLoader, TensorDataset


class Classifier(L.LightningModule):
    def __init__(self, lr: float):
        super().__init__()
        self.save_hyperparameters()
        self.model = torch.nn.Sequential(torch.nn.Linear(128, 64), torch.nn.ReLU(), torch.nn.Linear(64, 10))

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = torch.nn.functional.cross_entropy(self.model(x), y)
        self.log("loss", loss, prog_bar=True, sync_dist=True)
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.hparams.lr)


@rank_zero_only
def announce(args):
    print(f"training on {args.nodes} node(s) x {args.gpus} GPU(s)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--nodes", type=int, default=2)
    parser.add_argument("--gpus", type=int, default=8)
    parser.add_argument("--lr", type=float, default=3e-4)
    args = parser.parse_args()
    announce(args)

    data = TensorDataset(torch.randn(50_000, 128), torch.randint(0, 10, (50_000,)))
    trainer = L.Trainer(
        accelerator="gpu",
        devices=args.gpus,
        num_nodes=args.nodes,
        strategy="ddp",
        precision="bf16-mixed",
        max_epochs=10,
        callbacks=[ModelCheckpoint(dirpath="ckpt", save_last=True)],
    )
    trainer.fit(Classifier(args.lr), DataLoader(data, batch_size=256, shuffle=True, num_workers=4))
    trainer.save_checkpoint("ckpt/final.ckpt")
