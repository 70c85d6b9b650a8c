import argparse

import lightning as L
import torch
from lightning.pytorch.callbacks import LearningRateMonitor, ModelCheckpoint

from asr.data import LibriSpeechDataModule
from asr.model import WhisperFinetune


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", required=True)
    parser.add_argument("--max-epochs", type=int, default=10)
    args = parser.parse_args()

    torch.set_float32_matmul_precision("high")
    dm = LibriSpeechDataModule(args.data, batch_size=16, num_workers=8)
    model = WhisperFinetune(model_name="openai/whisper-small", lr=1e-5)

    trainer = L.Trainer(
        accelerator="gpu",
        devices=8,
        num_nodes=2,
        strategy="ddp",
        precision="bf16-mixed",
        max_epochs=args.max_epochs,
        callbacks=[ModelCheckpoint(monitor="val/wer", mode="min"), LearningRateMonitor()],
        log_every_n_steps=50,
    )
    trainer.fit(model, datamodule=dm)


if __name__ == "__main__":
    main()
