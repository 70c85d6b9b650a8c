import lightning as L


class Model(L.LightningModule):
    def on_validation_epoch_end(self):
        if self.trainer.is_global_zero:
            self.trainer.strategy.barrier()
            self.log("done", 1.0)
