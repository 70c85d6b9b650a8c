#!/bin/bash
# start the job on both 8-GPU machines from the login node; /shared is NFS-mounted on both
# gpu-01 = 10.2.0.11, gpu-02 = 10.2.0.12
pdsh -w gpu-[01-02] 'cd /shared/proj && accelerate launch --config_file /shared/proj/accelerate.yaml train.py --epochs 3'
