import lightning as L

from model import LitModel, DataModule


def main():
    trainer = L.Trainer(
        accelerator="gpu",
        devices=8,
        num_nodes=2,
        strategy="ddp",
        max_epochs=30,
    )
    trainer.fit(LitModel(), datamodule=DataModule())


if __name__ == "__main__":
    main()
