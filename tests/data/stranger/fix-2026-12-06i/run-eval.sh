#!/bin/bash
# stranger12: run the frozen binary on every case; outputs to out/, fixed copies to work/
# usage: run-eval.sh BINARY
B=${1:?binary}
H=$(cd "$(dirname "$0")" && pwd)
C=$H/cases; O=$H/out; W=$H/work
rm -rf "$O" "$W"; mkdir -p "$O" "$W"
T="timeout 120"
echo "binary: $B" > "$O/00-binary.txt"; $B --version >> "$O/00-binary.txt" 2>&1
syntax() {  # check a file with the real parser of its kind
  local f=$1
  case "$f" in
    *.py) /usr/bin/python3 -c 'import ast,sys; ast.parse(open(sys.argv[1]).read())' "$f" 2>&1 && echo "ast ok: $f" ;;
    *.yaml|*.yml) /usr/bin/python3 -c 'import yaml,sys; list(yaml.safe_load_all(open(sys.argv[1])))' "$f" 2>&1 && echo "yaml ok: $f" ;;
    *.sh|*.sbatch|*.env) bash -n "$f" 2>&1 && echo "bash -n ok: $f" ;;
    *) echo "no parser: $f" ;;
  esac
}
for p in "$C"/*; do
  n=$(basename "$p")
  case "$n" in *.vars) continue ;; esac
  cd "$C"
  { $T $B lint --no-color "$n"; echo "rc=$?"; } > "$O/$n.lint.txt" 2>&1
  { $T $B lint --json "$n"; r=$?; echo; echo "rc=$r"; } > "$O/$n.lint.json" 2>&1
  { $T $B lint --no-color --diff "$n"; echo "rc=$?"; } > "$O/$n.diff.txt" 2>&1
  cp -a "$p" "$W/$n"
  cd "$W"
  { $T $B lint --no-color --fix "$n"; echo "rc=$?"; } > "$O/$n.fix.txt" 2>&1
  { $T $B lint --no-color "$n"; echo "rc=$?"; } > "$O/$n.relint.txt" 2>&1
  { diff -ru "$C/$n" "$W/$n"; } > "$O/$n.applied.diff" 2>&1
  { if [ -d "$W/$n" ]; then for f in "$W/$n"/*; do syntax "$f"; done; else syntax "$W/$n"; fi; } > "$O/$n.syntax.txt" 2>&1
done
# windows platform runs
cd "$C"
for n in p18_windows_nccl.py p19_windows_launch.bat p20_windows_static_rdzv.ps1 c14_windows_gloo_clean.py c15_windows_local.ps1; do
  { $T $B lint --no-color --platform windows "$n"; echo "rc=$?"; } > "$O/$n.lint-windows.txt" 2>&1
done
# stdin
for n in p32_stdin_torchrun_per_task.sbatch p19_windows_launch.bat p20_windows_static_rdzv.ps1 c15_windows_local.ps1 p17_crlf.sbatch c02_slurm_torchrun_clean.sbatch; do
  { $T $B lint --no-color - < "$n"; echo "rc=$?"; } > "$O/$n.stdin.txt" 2>&1
  { $T $B lint --no-color --diff - < "$n"; echo "rc=$?"; } > "$O/$n.stdin-diff.txt" 2>&1
done
# env cases
for v in "$C"/*.vars "$C"/*.env; do
  n=$(basename "$v")
  mapfile -t A < <(grep -v '^#' "$v" | grep . | tr -d '\r')
  E="env -i PATH=/usr/bin:/bin HOME=/root"
  { $T $E "${A[@]}" $B env --no-color; echo "rc=$?"; } > "$O/$n.env.txt" 2>&1
  { $T $E "${A[@]}" $B env --export; echo "rc=$?"; } > "$O/$n.export.txt" 2>&1
  for fmt in sh dockerfile k8s slurm torchrun tf; do
    { $T $E "${A[@]}" $B env --export-format $fmt; echo "rc=$?"; } > "$O/$n.export-$fmt.txt" 2>&1
  done
done
echo done
