#!/bin/bash
horovodrun --num-proc 8 --hosts n1:4,n2:4 \
    python keras_hvd.py
