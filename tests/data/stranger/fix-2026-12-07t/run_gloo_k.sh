#!/bin/bash
# run_gloo.sh SCRIPT [extra torchrun args...]: 2 local ranks, Gloo, with a timeout (--redirects/--tee: Debian torch 1.13 on python 3.12 fails without them)
# (copy of run_gloo.sh made after the freeze: timeout -k 10 so a hung torchrun is killed)
script=$1; shift
timeout -k 10 90 nice -n 10 /usr/bin/python3 -m torch.distributed.run --nproc_per_node 2 --redirects 1 --tee 1 "$@" "$script" 2>&1 | grep -vE "^ +(File|\^|result|return|raise|self|time\.sleep)" | tail -n 40
echo "rc=${PIPESTATUS[0]}"
