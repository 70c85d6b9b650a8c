#!/bin/bash
# (torchrun runs get PET_REDIRECTS=1 PET_TEE=1: Debian's torch 1.13 torchrun on Python 3.11 fails on its default "0" (Std.NONE is no longer iterated); not a distdoctor matter)
# usage: tools/runnable.sh OUTDIR — runs, on this machine, the jobs that the fixed cases (OUTDIR/CASE/fixed)
# lead to: two local processes over Gloo (/usr/bin/python3, torch), Open MPI's mpirun, and the launch
# lines with stand-ins for srun/scontrol/torchrun (tools/shims) that show what each task would get.
set -u
O=$(realpath "$1"); HERE=$(cd "$(dirname "$0")/.." && pwd); SH=$HERE/tools/shims
R=$O/runs; mkdir -p "$R"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
run() { local name=$1; shift; echo "\$ $*" > "$R/$name.log"; timeout 180 "$@" >> "$R/$name.log" 2>&1; echo "rc=$?" >> "$R/$name.log"; echo "$name: $(tail -1 "$R/$name.log")"; }

# p11: the export line --fix added to run.sbatch (scontrol stand-in), then the fixed script as 2 Slurm tasks
f=$O/p11_srun_tcp_localhost/fixed/p11_srun_tcp_localhost
if [ -d "$f" ]; then
  line=$(grep -E '^export MASTER_ADDR' "$f/run.sbatch" || true)
  run p11-export env -i PATH="$SH:/usr/bin:/bin" SLURM_JOB_NODELIST='gpu[07-08]' bash -c "set -eu; $line"'; echo MASTER_ADDR=$MASTER_ADDR MASTER_PORT=$MASTER_PORT'
  run p11-job bash -c "cd '$f'; for r in 0 1; do SLURM_PROCID=\$r SLURM_NTASKS=2 SLURM_LOCALID=\$r SLURM_NNODES=1 MASTER_ADDR=127.0.0.1 MASTER_PORT=23456 /usr/bin/python3 train_slurm.py & p[\$r]=\$!; done; wait \${p[0]} && wait \${p[1]}"
fi
# p12: before and after the fix, one node, 2 processes
run p12-original /usr/bin/python3 "$HERE/cases/p12_mpspawn_port_int.py" --nproc 2
[ -f "$O/p12_mpspawn_port_int.py/fixed/p12_mpspawn_port_int.py" ] && run p12-fixed /usr/bin/python3 "$O/p12_mpspawn_port_int.py/fixed/p12_mpspawn_port_int.py" --nproc 2
# p15: the fixed mpirun line on this host (hosts and count made local, nothing else changed)
f=$O/p15_mpirun_envinit/fixed/p15_mpirun_envinit
if [ -d "$f" ]; then
  sed -e 's/-H node-a:2,node-b:2/-H localhost:2/' -e 's/-np 4/-np 2/' -e 's/MASTER_ADDR=node-a/MASTER_ADDR=127.0.0.1/' -e 's/^\( *\)python /\1\/usr\/bin\/python3 /' "$f/run_mpi.sh" > "$f/run_local.sh"
  run p15-fixed-local bash -c "cd '$f' && cat run_local.sh && bash run_local.sh"
  sed -e 's/-H node-a:2,node-b:2/-H localhost:2/' -e 's/-np 4/-np 2/' -e 's/MASTER_ADDR=node-a/MASTER_ADDR=127.0.0.1/' -e 's/^\( *\)python /\1\/usr\/bin\/python3 /' "$HERE/cases/p15_mpirun_envinit/run_mpi.sh" > "$R/p15-original-local.sh"
  run p15-original-local bash -c "cd '$HERE/cases/p15_mpirun_envinit' && bash '$R/p15-original-local.sh'"
fi
# p21: the fixed ENTRYPOINT, run as docker would (exec form list), torchrun a stand-in printing argv
f=$O/p21_Dockerfile/fixed/p21_Dockerfile
[ -f "$f" ] && run p21-entrypoint env -i PATH="$SH:/usr/bin:/bin" NNODES=2 NPROC_PER_NODE=8 NODE_RANK=1 MASTER_ADDR=10.0.0.5 MASTER_PORT=29500 \
  python3 -c 'import json,re,subprocess,sys; l=[x for x in open(sys.argv[1]) if x.startswith("ENTRYPOINT")][0]; argv=json.loads(l[len("ENTRYPOINT"):]); print(argv); sys.exit(subprocess.call(argv+["--cfg", "a b"]))' "$f"
# p35: the fixed srun line, srun a stand-in running it on 2 nodes, torchrun a stand-in printing argv
f=$O/p35_sbatch_nodeid_expanded.sbatch/fixed/p35_sbatch_nodeid_expanded.sbatch
[ -f "$f" ] && run p35-fixed env -i PATH="$SH:/usr/bin:/bin" SLURM_JOB_NODELIST='gpu[01-02]' SLURM_NNODES=2 SLURM_NODEID=0 bash -c "$(sed -e '/^#/d' -e '/conda activate/d' "$f")"
run p35-original env -i PATH="$SH:/usr/bin:/bin" SLURM_JOB_NODELIST='gpu[01-02]' SLURM_NNODES=2 SLURM_NODEID=0 bash -c "$(sed -e '/^#/d' -e '/conda activate/d' "$HERE/cases/p35_sbatch_nodeid_expanded.sbatch")"
# p25: the fixed port for a large job id
f=$O/p25_port_from_jobid.sbatch/fixed/p25_port_from_jobid.sbatch
[ -f "$f" ] && run p25-port env -i PATH="$SH:/usr/bin:/bin" SLURM_JOB_ID=987654 SLURM_JOB_NODELIST='gpu[01-02]' bash -c "$(grep -E '^export MASTER_(PORT|ADDR)' "$f"); echo MASTER_PORT=\$MASTER_PORT MASTER_ADDR=\$MASTER_ADDR"
# p26: the fixed ssh loop, ssh a stand-in that runs the remote string in a fresh bash with no local variables
f=$O/p26_ssh_loop_single_quotes.sh/fixed/p26_ssh_loop_single_quotes.sh
if [ -f "$f" ]; then
  printf '#!/bin/bash\nhost=$1; shift; env -i PATH="%s:/usr/bin:/bin" HOME=/tmp bash -c "cd() { :; }; source() { :; }; $*"\n' "$SH" > "$SH/ssh"; chmod +x "$SH/ssh"
  run p26-fixed bash -c "cd \$(mktemp -d) && PATH='$SH':\$PATH bash '$f'; cat log_*"
  run p26-original bash -c "cd \$(mktemp -d) && PATH='$SH':\$PATH bash '$HERE/cases/p26_ssh_loop_single_quotes.sh'; cat log_*"
  rm -f "$SH/ssh"
fi
# clean cases that run here
run c12-run /usr/bin/python3 "$HERE/cases/c12_mpspawn_ok.py" --master-addr 127.0.0.1
run c14-run bash -c "cd '$HERE/cases/c14_torchrun_envinit' && PATH=/usr/bin:\$PATH PET_REDIRECTS=1 PET_TEE=1 NODE_RANK=0 MASTER_ADDR=127.0.0.1 NNODES=1 bash launch.sh"
