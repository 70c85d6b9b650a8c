import lightning.pytorch as pl
from model import LitModel, make_datamodule


def main():
    trainer = pl.Trainer(
        accelerator="gpu",
        devices=4,
        num_nodes=1,
        strategy="ddp",
        max_epochs=20,
    )
    trainer.fit(LitModel(), datamodule=make_datamodule())


if __name__ == "__main__":
    main()
