import os
import lightning as L

trainer = L.Trainer(accelerator="gpu", devices=8, num_nodes=2, strategy="ddp")
os.environ["NCCL_SOCKET_IFNAME"] = "ens1f0"  # before fit(): Lightning creates the process group there
trainer.fit(model)
trainer.test(model)
