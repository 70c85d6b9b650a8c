import lightning as L
import torch
from torch.utils.data import DataLoader

from mymodels import LitClassifier
from mydata import build_dataset


def main():
    model = LitClassifier(lr=3e-4)
    ds = build_dataset("/scratch/data/train")
    loader = DataLoader(ds, batch_size=64, num_workers=8, shuffle=True)
    trainer = L.Trainer(
        accelerator="gpu",
        devices=4,
        num_nodes=2,
        strategy="ddp",
        max_epochs=50,
        precision="bf16-mixed",
    )
    trainer.fit(model, loader)


if __name__ == "__main__":
    main()
