#!/bin/bash
# map Open MPI's variables to the ones torch.distributed's env:// reads
export RANK=$OMPI_COMM_WORLD_RANK
export LOCAL_RANK=$OMPI_COMM_WORLD_LOCAL_RANK
export WORLD_SIZE=$OMPI_COMM_WORLD_LOCAL_SIZE
exec "$@"
