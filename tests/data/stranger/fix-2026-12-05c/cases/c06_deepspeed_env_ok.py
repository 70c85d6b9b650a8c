import os

import deepspeed

from model import build_model


def main():
    os.environ.setdefault("NCCL_SOCKET_IFNAME", "ib0")
    deepspeed.init_distributed(dist_backend="nccl")
    model = build_model()
    engine, _, _, _ = deepspeed.initialize(model=model, model_parameters=model.parameters(), config="ds.json")
    engine.train()


if __name__ == "__main__":
    main()
