#!/bin/bash
# Issue 27: the eleventh stranger's run (tests/data/stranger/fix-2026-12-05h), as the stranger wrote the
# cases: each fix applied as printed (`lint --fix`, the printed line), the result through its real consumer
# (bash with stand-ins for srun/torchrun/ssh that print what each node's torchrun gets; PyYAML, json), and
# lint or env again. Usage: stranger11_cases.sh DISTDOCTOR SOURCE_DIR CASE
set -u
dd=$1 src=$2 case=$3
py=/usr/bin/python3
cases=$src/tests/data/stranger/fix-2026-12-05h/cases
tmp=$(mktemp -d /tmp/dd-stranger11.$$.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT  # a killed run (Ctrl-C, timeout -s TERM) leaves no folder: exit runs the EXIT trap
trap 'exit 143' TERM
fail() { echo "FAIL [$case]: $*" >&2; exit 1; }

. "$(dirname "$0")/stranger_lib.sh"

# ids: the finding ids of $tmp/out (--json), in the order printed
ids() { $py -c 'import json,sys; print("\n".join(f["id"] for f in json.load(open(sys.argv[1]))["findings"]))' "$tmp/out"; }

case $case in
hold)
  # for system.fix.stranger-killed-cleanup: print the folder, then wait to be killed
  echo "$tmp"
  sleep 60
  ;;
k-crlf)
  # p18: CRLF sbatch; the CR after `\` ends torchrun's command on line 11, so line 12's rendezvous
  # flags never reach it. The CRLF finding alone (first), its fix applied, the flags are read.
  cp "$cases/p18_crlf_edited_on_windows.sbatch" "$tmp/job.sbatch"
  run lint --json "$tmp/job.sbatch"
  [ "$rc" = 1 ] || fail "lint exit $rc: $(cat "$tmp/err")"
  [ "$(ids)" = "lint.shell.crlf-line-endings" ] || fail "findings before the fix: $(ids)"
  grep -q 'lines 11-13 are one command continued' "$tmp/out" || fail "the lines are not named: $(cat "$tmp/out")"
  stubs
  got=$(batch "$tmp/job.sbatch" 2>&1)
  grep -q 'argv:--rdzv_backend=c10d' <<<"$got" && fail "the stand-in torchrun got the flags before the fix: $got"
  cp "$tmp/job.sbatch" "$tmp/pasted.sbatch"
  sed -i 's/\r$//' "$tmp/pasted.sbatch"  # the printed command, as pasted
  run lint --fix "$tmp/job.sbatch"
  cmp -s "$tmp/job.sbatch" "$tmp/pasted.sbatch" || fail "--fix and the printed sed differ"
  run lint --json "$tmp/job.sbatch"
  [ "$rc" = 0 ] && [ -z "$(ids)" ] || fail "after the fix (exit $rc): $(ids)"
  bash -n "$tmp/job.sbatch" || fail "bash -n rejects the fixed file"
  got=$(batch "$tmp/job.sbatch")
  for a in --nnodes=2 --rdzv_id=4242 --rdzv_backend=c10d --rdzv_endpoint=node01:29500 finetune.py; do
    [ "$(grep -cx "argv:$a" <<<"$got")" = 2 ] || fail "each node's torchrun should get $a: $got"
  done
  # the same file on standard input (p17 of fix-2026-12-06i): no '<stdin>' to sed, no --fix to offer; the
  # printed sed, with FILE named, fixes the file that was piped
  cp "$cases/p18_crlf_edited_on_windows.sbatch" "$tmp/piped.sbatch"
  "$dd" lint --stdin-kind sh - <"$tmp/piped.sbatch" >"$tmp/out" 2>"$tmp/err"
  want='sed -i '\''s/\r$//'\'' FILE  # or dos2unix FILE; FILE: the file whose text came on standard input'
  grep -qF "$want" "$tmp/out" || fail "stdin's CRLF fix: $(cat "$tmp/out")"
  grep -qF -e "'<stdin>'" -e 'lint --fix does the same' "$tmp/out" && fail "stdin's fix names <stdin> or --fix: $(cat "$tmp/out")"
  (cd "$tmp" && eval "sed -i 's/\r\$//' piped.sbatch") || fail "the printed sed failed"
  "$dd" lint --stdin-kind sh - <"$tmp/piped.sbatch" >"$tmp/out" 2>"$tmp/err" || fail "piped again: $(cat "$tmp/out")"
  ;;
k-bat)
  # p17: a .bat sets MASTER_ADDR=localhost on node 1 of 2; also through standard input, where the kind
  # is recognised (or named with --stdin-kind), never guessed as Python.
  cp "$cases/p17_launch_windows.bat" "$tmp/launch.bat"
  run lint --json "$tmp/launch.bat"
  [ "$rc" = 1 ] || fail "lint exit $rc: $(cat "$tmp/err")"
  has lint.launch.master-addr-localhost || fail "no finding: $(cat "$tmp/out")"
  fix=$(fix_text lint.launch.master-addr-localhost)
  [ "$fix" = $'REM RANK0_HOST: the rank-0 node\'s host name or address, the same on every node\nset MASTER_ADDR=RANK0_HOST' ] \
    || fail "printed fix: $fix"
  "$dd" lint --json - <"$tmp/launch.bat" >"$tmp/out" 2>"$tmp/err"
  has lint.launch.master-addr-localhost || fail "lint - (a .bat): $(cat "$tmp/out" "$tmp/err")"
  grep -q 'lint.python' "$tmp/out" && fail "a .bat read as Python: $(cat "$tmp/out")"
  printf 'set MASTER_ADDR=localhost\ntorchrun --nnodes=2 train.py\n' >"$tmp/bare"
  "$dd" lint - <"$tmp/bare" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ "$rc" = 2 ] && grep -q -- '--stdin-kind' "$tmp/err" || fail "an unsaid kind: exit $rc, $(cat "$tmp/err" "$tmp/out")"
  "$dd" lint --json --stdin-kind bat - <"$tmp/bare" >"$tmp/out" 2>"$tmp/err"
  has lint.launch.master-addr-localhost || fail "--stdin-kind bat: $(cat "$tmp/out" "$tmp/err")"
  # the printed fix, pasted over line 3 with RANK0_HOST filled in
  { head -n 2 "$tmp/launch.bat"; printf '%s\r\n' "${fix%RANK0_HOST}10.0.0.1"; tail -n +4 "$tmp/launch.bat"; } >"$tmp/fixed.bat"
  grep -q '^set MASTER_ADDR=10.0.0.1' "$tmp/fixed.bat" || fail "pasted: $(cat "$tmp/fixed.bat")"
  run lint --json "$tmp/fixed.bat"
  [ "$rc" = 0 ] || fail "after the fix (exit $rc): $(cat "$tmp/out")"
  has lint.launch.master-addr-localhost && fail "still found: $(cat "$tmp/out")"
  ;;
k-ssh-venv)
  # p26: `ssh "$host" 'cd ~/project && source .venv/bin/activate && torchrun ... --node_rank=$i'` in a
  # loop over i. ssh is a function that runs the remote string locally, as the remote shell would (a
  # fresh bash that has none of this script's variables).
  cp "$cases/p26_ssh_loop_single_quotes.sh" "$tmp/launch.sh"
  mkdir -p "$tmp/home/project/.venv/bin" "$tmp/bin" "$tmp/run"
  printf 'VIRTUAL_ENV=%s\nexport VIRTUAL_ENV\n' "$tmp/home/project/.venv" >"$tmp/home/project/.venv/bin/activate"
  printf '#!/bin/bash\nprintf "argv:%%s\\n" "$@"\n' >"$tmp/bin/torchrun"
  chmod +x "$tmp/bin/torchrun"
  remote() {
    (cd "$tmp/run" && rm -f log_*.txt &&
      env -i PATH="$tmp/bin:/usr/bin:/bin" HOME="$tmp/home" bash -c \
        'ssh() { env -i PATH="$PATH" HOME="$HOME" bash -c "$2"; }; export -f ssh; bash "$1"' _ "$1")
  }
  remote "$tmp/launch.sh"
  grep -qx 'argv:--node_rank=' "$tmp/run/log_gpu-node-02.txt" || fail "before: $(cat "$tmp/run/"log_*)"
  run lint --json "$tmp/launch.sh"
  has lint.remote.local-variable-in-single-quotes || fail "no finding: $(cat "$tmp/out")"
  run lint --fix "$tmp/launch.sh"
  grep -q 'source .venv/bin/activate' "$tmp/launch.sh" || fail "the source is gone: $(cat "$tmp/launch.sh")"
  bash -n "$tmp/launch.sh" || fail "bash -n rejects the fixed file"
  remote "$tmp/launch.sh"
  for n in 0 1 2; do
    log="$tmp/run/log_gpu-node-0$((n + 1)).txt"
    grep -qx "argv:--node_rank=$n" "$log" || fail "node $n's torchrun got: $(cat "$log")"
  done
  run lint --json "$tmp/launch.sh"
  has lint.remote.local-variable-in-single-quotes && fail "still found: $(cat "$tmp/out")"
  ;;
k-windows-order)
  # env --platform windows with NCCL_BUFFSIZE=4MB: the Windows finding unsets it, another finding's value
  # (4194304) must be neither exported in its place nor printed after the unset, in --export and every
  # --export-format; the hint line names --platform windows.
  vars=(NCCL_BUFFSIZE=4MB MASTER_ADDR=10.0.0.5 WORLD_SIZE=2)
  envrun() { env -i PATH=/usr/bin:/bin HOME="$tmp" "${vars[@]}" "$dd" env --platform windows "$@" >"$tmp/out" 2>"$tmp/err"; }
  envrun
  grep -qF 'Apply the fixes with: eval "$(distdoctor env --platform windows --export)"' "$tmp/out" \
    || fail "hint: $(cat "$tmp/out")"
  # valued() : a line that is not a comment gives the value (the titles may name it)
  valued() { grep -v '^[[:space:]]*#' "$tmp/out" | grep -q '4194304'; }
  envrun --export
  valued && fail "--export prints the value: $(cat "$tmp/out")"
  got=$(env -i PATH=/usr/bin:/bin "${vars[@]}" bash -c 'eval "$(cat "$1")"; echo "NCCL_BUFFSIZE=${NCCL_BUFFSIZE-unset}"' _ "$tmp/out")
  [ "$got" = "NCCL_BUFFSIZE=unset" ] || fail "after eval: $got ($(cat "$tmp/out"))"
  for f in sh dockerfile k8s tf slurm torchrun; do
    envrun --export-format "$f"
    [ "$f" = tf ] || ! valued || fail "--export-format $f prints the value: $(cat "$tmp/out")"
    case $f in
    sh)
      got=$(env -i PATH=/usr/bin:/bin "${vars[@]}" bash -c 'eval "$(cat "$1")"; echo "${NCCL_BUFFSIZE-unset}"' _ "$tmp/out")
      [ "$got" = unset ] || fail "sh: $got ($(cat "$tmp/out"))"
      ;;
    slurm | torchrun) bash -n "$tmp/out" || fail "$f: bash -n: $(cat "$tmp/out")" ;;
    k8s) $py -c 'import sys,yaml; list(yaml.safe_load_all(open(sys.argv[1])))' "$tmp/out" || fail "k8s: $(cat "$tmp/out")" ;;
    tf)  # JSON: the unset is null in env (its notes may name the value)
      $py -c 'import sys,json; e=json.load(open(sys.argv[1]))["env"]; sys.exit(0 if "NCCL_BUFFSIZE" in e and e["NCCL_BUFFSIZE"] is None else 1)' \
        "$tmp/out" || fail "tf: $(cat "$tmp/out")"
      ;;
    esac
  done
  ;;
*) fail "unknown case" ;;
esac
echo "ok $case"
