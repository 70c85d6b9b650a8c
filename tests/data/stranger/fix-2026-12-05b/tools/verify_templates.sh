#!/bin/bash
# launch-template output for each launcher: bash -n, a run with stub launchers (argv, TF_CONFIG through json), lint.
set -u
B=${B:-/work/eval-bin5/distdoctor}
cd "$(dirname "$0")/.."
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
mkdir -p "$T/bin"
for p in torchrun mpirun python3; do
  printf '#!/bin/bash\n{ printf "%%s" "%s"; for a in "$@"; do printf " [%%s]" "$a"; done; printf " {NCCL_SOCKET_IFNAME=%%s GLOO_SOCKET_IFNAME=%%s MASTER_ADDR=%%s}" "${NCCL_SOCKET_IFNAME-}" "${GLOO_SOCKET_IFNAME-}" "${MASTER_ADDR-}"; echo; [ -n "${TF_CONFIG-}" ] && echo "TF_CONFIG=$TF_CONFIG" && printf "%%s" "$TF_CONFIG" | /usr/bin/python3 -c "import json,sys; print(\\"json ok:\\", json.load(sys.stdin))"; true; } >> "$LOG"\n' "$p" > "$T/bin/$p"
done
cat > "$T/bin/srun" <<'S'
#!/bin/bash
{ printf "srun"; for a in "$@"; do printf " [%s]" "$a"; done; echo; } >> "$LOG"
while [[ $# -gt 0 && $1 == -* ]]; do shift; done
for id in 0 1; do SLURM_NODEID=$id "$@"; done
S
printf '#!/bin/bash\nprintf "node-a\\nnode-b\\n"\n' > "$T/bin/scontrol"
printf 'node-a slots=4\nnode-b slots=4\n' > "$T/hostfile"
chmod +x "$T/bin/"*
for l in torchrun srun mpirun tf; do
  f=out/env/template.$l.txt; echo "### $l"
  bash -n "$f" && echo "bash -n ok"
  : > "$T/log"
  (cd "$T" && env -i PATH="$T/bin:/usr/bin:/bin" LOG="$T/log" MASTER_ADDR=192.0.2.2 NODE_RANK=0 TASK_INDEX=1 SLURM_JOB_NODELIST="node-[a-b]" SLURM_NNODES=2 bash "$OLDPWD/$f" > /dev/null 2>"$T/err"; echo "rc=$?" >> "$T/log"; cat "$T/err" >> "$T/log")
  sed 's/^/  /' "$T/log"
  cp "$f" "$T/template_$l.sh"; (cd "$T" && "$B" lint --no-config "template_$l.sh" | sed 's/^/  lint: /')
done
