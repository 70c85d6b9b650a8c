import os
import lightning.pytorch as pl
from model import LitModel, make_datamodule


def main():
    trainer = pl.Trainer(accelerator="gpu", devices=8, num_nodes=2, strategy="ddp", max_epochs=10)
    # the process group is created inside fit(), so this is still in time
    os.environ["NCCL_SOCKET_IFNAME"] = "ens5"
    trainer.fit(LitModel(), datamodule=make_datamodule())


if __name__ == "__main__":
    main()
