#!/bin/bash
# Stub runs comparing the argv the launchers receive before and after each shell fix.
# Usage: bash tools/stub_runs.sh  (makes its own mktemp -d with the stubs)
cd "$(dirname "$0")/.."
T=$(mktemp -d); bash tools/stubs.sh "$T"
run() { echo "### $1 (nodes ${2:-2})"; bash tools/run_stubbed.sh "$T" "$1" "${2:-2}" | tr '\n' ' '; echo; }
run cases/r01_rdzv_localhost.sbatch 4; run pasted/r01_rdzv_localhost.sbatch 4; run pasted/r01b_rdzv_localhost.sbatch 4
run cases/r19_accelerate_srun_loopback.sbatch; run pasted/r19_accelerate_srun_loopback.sbatch; run pasted/r19b_accelerate_srun_loopback.sbatch
for f in r02_short_flags_per_task.sbatch r05_exec_mpirun_ucx.sh r06_mpirun_host_long.sh r30_rdzv_inline_port.sbatch; do run cases/$f; run fixed/$f; done
mkdir -p "$T/r20"; printf 'h1\nh2\nh3\n' > "$T/r20/hosts.txt"
for v in cases fixed; do cp $v/r20_ssh_while_read.sh "$T/r20/$v.sh"; echo "### $v/r20_ssh_while_read.sh (hosts h1 h2 h3)"; bash tools/run_stubbed.sh "$T" "$T/r20/$v.sh" | grep -E '^(== torchrun|\[--n)' | tr '\n' ' '; echo; done
rm -rf "$T"
