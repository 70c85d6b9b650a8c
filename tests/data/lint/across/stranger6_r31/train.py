import lightning as L

from model import LitModel, make_loader

trainer = L.Trainer(accelerator="gpu", devices=8, num_nodes=2, strategy="ddp")
trainer.fit(LitModel(), make_loader())
