#!/bin/bash
# Creates stub launchers in "$1/bin" (a mktemp -d folder): each prints its argv, one word per line,
# into $STUB_LOG. srun runs its command once per node with SLURM_NODEID/SLURM_PROCID set
# (nodes: $STUB_NODES, default 2); scontrol show hostnames prints node001..; ssh/pdsh log and run
# the remote string with bash -c under env -i (the remote shell has none of this script's variables).
set -eu
D=$1/bin; mkdir -p "$D"
for c in torchrun mpirun accelerate python python3 deepspeed docker; do
cat > "$D/$c" <<STUB
#!/bin/bash
{ echo "== $c node=\${SLURM_NODEID:-?} host=\${STUB_HOST:-?}"; for a in "\$@"; do printf '[%s]\n' "\$a"; done; } >> "\$STUB_LOG"
STUB
done
cat > "$D/srun" <<'STUB'
#!/bin/bash
while [ $# -gt 0 ] && [[ $1 == -* ]]; do shift; done
n=${STUB_NODES:-2}
for ((k=0; k<n; k++)); do SLURM_NODEID=$k SLURM_PROCID=$k SLURM_NNODES=$n "$@"; done
STUB
cat > "$D/scontrol" <<'STUB'
#!/bin/bash
n=${STUB_NODES:-2}; for ((k=1; k<=n; k++)); do printf 'node%03d\n' $k; done
STUB
cat > "$D/ssh" <<'STUB'
#!/bin/bash
while [[ $1 == -* ]]; do shift; done
host=$1; shift
{ echo "== ssh $host"; printf '%s\n' "$*"; } >> "$STUB_LOG"
env -i PATH="$PATH" STUB_LOG="$STUB_LOG" STUB_HOST="$host" bash -c "cd() { :; }; $*"
STUB
cat > "$D/pdsh" <<'STUB'
#!/bin/bash
shift 2
{ echo "== pdsh"; printf '%s\n' "$*"; } >> "$STUB_LOG"
for h in gpu01 gpu02; do env -i PATH="$PATH" STUB_LOG="$STUB_LOG" STUB_HOST="$h" bash -c "cd() { :; }; $*"; done
STUB
chmod +x "$D"/*
