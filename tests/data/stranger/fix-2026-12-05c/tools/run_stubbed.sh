#!/bin/bash
# run_stubbed.sh STUBDIR FILE [NODES]: runs a batch/shell script with the stubs first on PATH and Slurm's
# batch variables set (module/source lines neutralised); prints the log of argv the stubs received.
T=$1; F=$2; N=${3:-2}
rm -f "$T/log"; touch "$T/log"
( cd "$(dirname "$F")" && sed -e 's/^module /: module /' -e 's/^source /: source /' "$(basename "$F")" |
  env PATH="$T/bin:$PATH" STUB_LOG="$T/log" STUB_NODES=$N SLURM_NNODES=$N SLURM_JOB_ID=1234567 SLURM_JOBID=1234567 \
      SLURM_ARRAY_JOB_ID=1234567 SLURM_ARRAY_TASK_ID=3 SLURM_JOB_NODELIST="node[001-00$N]" bash 2>&1 | sed 's/^/  stderr: /' )
cat "$T/log"
