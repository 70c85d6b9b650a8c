#!/bin/bash
# run on node0 with 0 and node1 with 1
NODE=${1:?node rank}
python c15_spawn_tcp_localhost.py "$NODE"
