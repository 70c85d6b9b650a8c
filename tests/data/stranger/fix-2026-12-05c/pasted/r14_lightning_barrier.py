import lightning as L
import torch


class LitClassifier(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(64, 4)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = torch.nn.functional.cross_entropy(self.net(x), y)
        self.log("train_loss", loss, sync_dist=True)
        return loss

    def on_train_epoch_end(self):
        if self.trainer.is_global_zero:
            self.trainer.save_checkpoint(f"ckpt/epoch{self.current_epoch}.ckpt")
        self.trainer.strategy.barrier()

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)


if __name__ == "__main__":
    trainer = L.Trainer(accelerator="gpu", devices=4, num_nodes=2, strategy="ddp", max_epochs=3)
    trainer.fit(LitClassifier(), train_dataloaders=None)
