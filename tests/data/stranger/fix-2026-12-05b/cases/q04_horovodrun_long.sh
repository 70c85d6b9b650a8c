#!/bin/bash
horovodrun --num-proc 12 --hosts n1:4,n2:4 \
    python keras_hvd.py
