import os
import lightning as L

trainer = L.Trainer(accelerator="gpu", devices=8, num_nodes=2, strategy="ddp")
trainer.fit(model)
os.environ["NCCL_SOCKET_IFNAME"] = "ens1f0"
trainer.test(model)
