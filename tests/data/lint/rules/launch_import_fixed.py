import subprocess

subprocess.run(["torchrun", "--nproc-per-node=2", "train.py"])
