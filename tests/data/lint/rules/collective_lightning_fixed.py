import lightning as L


class Model(L.LightningModule):
    def on_validation_epoch_end(self):
        self.trainer.strategy.barrier()
        if self.trainer.is_global_zero:
            self.log("done", 1.0)
