import os

import lightning as L
from lightning.pytorch.callbacks import ModelCheckpoint
from torch.utils.data import DataLoader

from mymodels import LitClassifier
from mydata import build_dataset


def main():
    num_nodes = int(os.environ.get("SLURM_NNODES", "1"))
    model = LitClassifier(lr=3e-4)
    loader = DataLoader(build_dataset("/scratch/data/train"), batch_size=64, num_workers=8)
    trainer = L.Trainer(
        accelerator="gpu",
        devices=4,
        num_nodes=num_nodes,
        strategy="ddp",
        max_epochs=50,
        callbacks=[ModelCheckpoint(dirpath="ckpt", save_top_k=2, monitor="val_loss")],
    )
    trainer.fit(model, loader)
    if trainer.is_global_zero:
        print("best:", trainer.checkpoint_callback.best_model_path)


if __name__ == "__main__":
    main()
