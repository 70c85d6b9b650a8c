import argparse

import lightning as L

from seg import SegData, SegModel


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-epochs", type=int, default=10)
    args = parser.parse_args()

    trainer = L.Trainer(
        accelerator="gpu",
        devices=8,
        num_nodes=2,
        strategy="ddp",
        max_epochs=args.max_epochs,
        precision="bf16-mixed",
    )
    trainer.fit(SegModel(), datamodule=SegData(batch_size=16, num_workers=8))


if __name__ == "__main__":
    main()
