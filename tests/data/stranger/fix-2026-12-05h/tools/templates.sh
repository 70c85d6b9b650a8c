#!/bin/bash
# (torchrun runs get PET_REDIRECTS=1 PET_TEE=1: Debian's torch 1.13 torchrun on Python 3.11 fails on its default "0" (Std.NONE is no longer iterated); not a distdoctor matter)
# usage: tools/templates.sh BIN OUTDIR
# launch-template for every launcher; bash -n each; run the torchrun and mpirun ones for one node here
# (2 local processes, Gloo) with the training scripts of the cases (the fixed p15 script for mpirun).
set -u
B=$1; O=$(realpath -m "$2"); HERE=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$O/templates"; cd "$O/templates"
for l in torchrun srun mpirun tf; do
  for shape in "2 8" "1 2"; do
    set -- $shape
    f=$l.n$1g$2.sh
    timeout 120 nice "$B" launch-template --no-color --launcher $l --nodes $1 --gpus-per-node $2 > $f 2> $f.err; echo "launch-template $l --nodes $1 --gpus-per-node $2: rc=$?" >> summary.txt
    { bash -n $f && echo "bash -n ok: $f"; } >> summary.txt 2>&1
  done
done
# torchrun, one node, two processes: the env:// script of c14 as train.py
mkdir -p run-torchrun && cd run-torchrun && cp "$HERE/cases/c14_torchrun_envinit/ddp_env.py" train.py && cp ../torchrun.n1g2.sh run.sh
PATH=/usr/bin:$PATH PET_REDIRECTS=1 PET_TEE=1 MASTER_ADDR=127.0.0.1 NODE_RANK=0 timeout 180 bash run.sh > run.log 2>&1; echo "torchrun template run (MASTER_ADDR=127.0.0.1 NODE_RANK=0): rc=$?" >> ../summary.txt
cd ..
# mpirun, one node, two processes: p15's Open MPI env:// script as train.py, hostfile with this host
mkdir -p run-mpirun && cd run-mpirun && cp "$HERE/cases/p15_mpirun_envinit/ddp_mpi.py" train.py && cp ../mpirun.n1g2.sh run.sh
echo "localhost slots=2" > hostfile
PATH=/usr/bin:$PATH OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 timeout 180 bash run.sh > run.log 2>&1; echo "mpirun template run (hostfile: localhost slots=2): rc=$?" >> ../summary.txt
cd ..
cat summary.txt
# tf: run the 2-worker template as worker 1 with python3 a stand-in that checks TF_CONFIG with json
mkdir -p run-tf/bin && cd run-tf && cp ../tf.n2g8.sh run.sh
printf '#!/bin/sh\nexec /usr/bin/python3 -c "import json,os; c=json.loads(os.environ[\\"TF_CONFIG\\"]); print(\\"TF_CONFIG ok:\\", c)"\n' > bin/python3; chmod +x bin/python3
PATH=$PWD/bin:/usr/bin:/bin TASK_INDEX=1 timeout 60 bash run.sh > run.log 2>&1; echo "tf template run (TASK_INDEX=1, python3 prints TF_CONFIG): rc=$? $(tail -1 run.log)" >> ../summary.txt
cd ..; tail -1 summary.txt
# the same after doing what it asks: each WORKERn_HOST replaced with an address
cd run-tf && sed -e 's/WORKER0_HOST/10.4.0.11/' -e 's/WORKER1_HOST/10.4.0.12/' ../tf.n2g8.sh > run-filled.sh
PATH=$PWD/bin:/usr/bin:/bin TASK_INDEX=1 timeout 60 bash run-filled.sh > run-filled.log 2>&1; echo "tf template run, WORKERn_HOST filled in (TASK_INDEX=1): rc=$? $(tail -1 run-filled.log)" >> ../summary.txt
cd ..; tail -1 summary.txt
