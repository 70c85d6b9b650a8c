import os

import deepspeed
import torch

from model import build_model


def main():
    deepspeed.init_distributed(dist_backend="nccl")
    os.environ["NCCL_SOCKET_IFNAME"] = "ib0"
    model = build_model()
    engine, _, _, _ = deepspeed.initialize(model=model, model_parameters=model.parameters(), config="ds.json")
    for step in range(1000):
        loss = engine(torch.randn(8, 1024).cuda()).sum()
        engine.backward(loss)
        engine.step()


if __name__ == "__main__":
    main()
