#!/bin/bash
# hostfile: worker-1 slots=8 / worker-2 slots=8; DeepSpeed picks the first host as master
deepspeed --hostfile=hostfile --master_port=29500 \
    train.py --deepspeed --deepspeed_config ds_config.json
