import subprocess
import sys

subprocess.run([sys.executable, "-m", "torch.distributed.launch", "--nproc_per_node=2", "train.py"])
