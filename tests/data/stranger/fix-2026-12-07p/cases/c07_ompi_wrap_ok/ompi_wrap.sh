#!/bin/bash
# map the MPI launcher's rank variables to the ones torch's env:// reads
export RANK=$OMPI_COMM_WORLD_RANK
export WORLD_SIZE=$OMPI_COMM_WORLD_SIZE
export LOCAL_RANK=$OMPI_COMM_WORLD_LOCAL_RANK
exec "$@"
