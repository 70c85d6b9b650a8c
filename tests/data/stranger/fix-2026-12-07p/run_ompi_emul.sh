#!/bin/bash
# run_ompi_emul.sh DIR LOG: what Open MPI's mpirun gives each rank (OMPI_COMM_WORLD_* set by hand; no
# PMI_* variables: Open MPI does not set them), 2 ranks on this machine, through DIR/ompi_wrap.sh
dir=$1; log=$2
(
  cd "$dir"
  for r in 0 1; do
    ( env OMPI_COMM_WORLD_RANK=$r OMPI_COMM_WORLD_SIZE=2 OMPI_COMM_WORLD_LOCAL_RANK=$r OMPI_COMM_WORLD_LOCAL_SIZE=2 \
        MASTER_ADDR=127.0.0.1 MASTER_PORT=${PORT:-29661} GLOO_SOCKET_IFNAME=lo \
        timeout 60 nice -n 10 ./ompi_wrap.sh /usr/bin/python3 train.py; echo "rank $r rc=$?" ) &
  done
  wait
) > "$log" 2>&1
echo "$dir:"; grep -E 'rc=|all_reduce|Error' "$log"
