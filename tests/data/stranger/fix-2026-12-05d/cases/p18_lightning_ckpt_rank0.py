import argparse

import lightning as L
import torch
from torch import nn
from torch.utils.data import DataLoader, random_split
from torchvision import datasets, transforms


class LitClassifier(L.LightningModule):
    def __init__(self, lr: float = 1e-3):
        super().__init__()
        self.save_hyperparameters()
        self.net = nn.Sequential(nn.Flatten(), nn.Linear(28 * 28, 256), nn.ReLU(), nn.Linear(256, 10))

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.cross_entropy(self.net(x), y)
        self.log("train_loss", loss, sync_dist=True)
        return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.hparams.lr)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--num-nodes", type=int, default=2)
    parser.add_argument("--devices", type=int, default=4)
    parser.add_argument("--max-epochs", type=int, default=5)
    args = parser.parse_args()

    mnist = datasets.MNIST("/data", train=True, download=False, transform=transforms.ToTensor())
    train, _ = random_split(mnist, [55000, 5000])

    trainer = L.Trainer(
        accelerator="gpu",
        devices=args.devices,
        num_nodes=args.num_nodes,
        strategy="ddp",
        max_epochs=args.max_epochs,
    )
    model = LitClassifier()
    trainer.fit(model, DataLoader(train, batch_size=64, num_workers=4))

    # only rank 0 writes the final checkpoint
    if trainer.is_global_zero:
        trainer.save_checkpoint("final.ckpt")
        print("saved final.ckpt")


if __name__ == "__main__":
    main()
