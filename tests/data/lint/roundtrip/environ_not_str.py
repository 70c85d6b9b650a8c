import os

os.environ["MASTER_ADDR"] = "10.0.0.5"
os.environ["MASTER_PORT"] = 29500
