#!/bin/bash
# usage on each host: ./run_node.sh <node_rank>    (10.2.0.11 is node 0)
NODE_RANK=${1:?node rank}
docker run --rm --gpus all --network=host --ipc=host \
  ddp-train:latest --node_rank="$NODE_RANK"
