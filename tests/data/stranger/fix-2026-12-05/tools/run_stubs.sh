#!/bin/bash
# usage: tools/run_stubs.sh TMPDIR: run each changed shell case, original and fixed, with argv-printing stubs
T=${1:?}; B=$(cd "$(dirname "$0")/.." && pwd); OUT=$B/out/checks; mkdir -p "$OUT"
. "$B/tools/stubs.sh"; make_stubs "$T/bin"
run() { # run DIR FILE ARGS...: bash FILE in a clean env with the stubs first on PATH
  local dir=$1 f=$2; shift 2
  ( cd "$T" && env -i PATH="$T/bin:/usr/bin:/bin" HOME="$T" SLURM_JOB_NODELIST='node[01-02]' SLURM_NNODES=2 SLURM_JOB_ID=4242424 NODE_RANK=1 MASTER_ADDR=10.9.9.9 "$@" bash "$dir/$f" 1 2>&1; echo "exit=$?" )
}
{
for f in p02_single_quote_master.sbatch p03_port_overflow.sbatch p04_docker_noshm.sh p05_docker_bridge.sh p11_horovodrun_np.sh p12_mpirun_np.sh p17_launch_deprecated.sh p18_ifname_lo.sbatch p19_ifname_space.sh p20_env_typo.sh p21_srun_bash_double.sbatch p25_cvd_fewer.sh; do
  echo "===== $f"; echo "--- original"; run "$B/cases" "$f"; echo "--- fixed"; run "$B/fixed" "$f"
done
echo "===== p26_cluster.env (set -a; . FILE)"
for d in cases fixed; do echo "--- $d"; env -i bash -c "set -a; . '$B/$d/p26_cluster.env'; env | grep ^NCCL_SOCKET | sort"; done
} > "$OUT/stub_runs.txt"
