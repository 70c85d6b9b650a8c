#!/bin/bash
# make_stubs DIR: argv-printing stubs for the launchers (only inside DIR)
make_stubs() {
  local d=$1; mkdir -p "$d"
  for c in torchrun docker horovodrun mpirun deepspeed accelerate python3 python; do
    cat > "$d/$c" <<STUB
#!/bin/bash
printf '%s' "ARGV $c" >&2; for a in "\$@"; do printf ' [%s]' "\$a" >&2; done
printf ' ENV NCCL_SOCKET_IFNAME=[%s] CUDA_VISIBLE_DEVICES=[%s] SLURM_NODEID=[%s]\n' "\${NCCL_SOCKET_IFNAME-<unset>}" "\${CUDA_VISIBLE_DEVICES-<unset>}" "\${SLURM_NODEID-<unset>}" >&2
STUB
  done
  cat > "$d/scontrol" <<'STUB'
#!/bin/bash
[ "$1 $2" = "show hostnames" ] && { printf 'node01\nnode02\n'; exit 0; }
exit 1
STUB
  # srun: run the command once per node, as Slurm would, with SLURM_NODEID/SLURM_PROCID set
  cat > "$d/srun" <<'STUB'
#!/bin/bash
while [ $# -gt 0 ] && [ "${1#-}" != "$1" ]; do shift; done
for n in 0 1; do SLURM_NODEID=$n SLURM_PROCID=$n SLURM_LOCALID=0 "$@"; done
STUB
  cat > "$d/ssh" <<'STUB'
#!/bin/bash
h=$1; shift; echo "SSH $h: $*" >&2
STUB
  chmod +x "$d"/*
}
