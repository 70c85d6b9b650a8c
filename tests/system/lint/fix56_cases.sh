#!/usr/bin/env bash
# Issue 27: fixes the twenty-first stranger (tests/data/stranger/fix-2026-12-07r) found wrong, applied
# as a user applies them and checked by what reads them for real:
#   p10  `if rank == 0: dist.reduce(loss, dst=0)` / `else: dist.all_reduce(loss)`: one finding for the
#        pair; each of the two collectives it offers, written where it says with the lines it names
#        deleted, gives a file Python parses, lint passes, and a real 2-rank Gloo job that prints the
#        mean (1.500: ranks 0 and 1 give 1 and 2) three times. (Moving both calls out, the earlier fix,
#        left an empty `else:` and, repaired, printed 2.500.)
#   p02  `export NCCL_SOCKET_IFNAME=...` then `sudo /opt/conda/bin/torchrun`: a real sudo (Debian's sudoers,
#        env_reset) starts the launcher (a stand-in that prints what it got) without the variables
#        before; after --fix (--preserve-env=...) with them.
# Usage: fix56_cases.sh DISTDOCTOR SOURCE_DIR CASE
set -u
dd=$1 src=$2 case=$3
py=/usr/bin/python3
cases=$src/tests/data/stranger/fix-2026-12-07r/cases
. "$(dirname "${BASH_SOURCE[0]}")/../scratch_dir.sh"
make_scratch dd-fix56
fail() { echo "FAIL [$case]: $*" >&2; exit 1; }

. "$(dirname "$0")/stranger_lib.sh"

case $case in
p10-crossed-collectives)
  id=lint.torch.collective-under-rank-branch
  cp "$cases/p10_reduce_vs_allreduce.py" "$tmp/train.py"
  run lint --json "$tmp/train.py"
  [ "$rc" = 1 ] || fail "lint exit $rc, expected 1: $(cat "$tmp/err")"
  n=$($py -c 'import json,sys; print(sum(f["id"] == sys.argv[2] for f in json.load(open(sys.argv[1]))["findings"]))' "$tmp/out" "$id")
  [ "$n" = 1 ] || fail "$n findings $id, expected one for the pair"
  fix_text "$id" > "$tmp/fix.txt"
  echo "fix: $(cat "$tmp/fix.txt")"
  for choice in 0 1; do
    # the fix as it reads: write option CHOICE above line N at its indentation, delete the lines named
    $py - "$tmp/fix.txt" "$tmp/train.py" "$choice" "$tmp/fixed$choice.py" <<'PY' || fail "the printed fix cannot be applied as it reads"
import ast, re, sys
fix = open(sys.argv[1]).read()
m = re.search(r"write `([^`]*)` or `([^`]*)` once, above line (\d+) at its indentation, and delete lines ([\d, ]+)", fix)
assert m, fix
call = m.group(1 + int(sys.argv[3])); above = int(m.group(3)); gone = {int(x) for x in m.group(4).split(",")}
lines = open(sys.argv[2]).read().split("\n")
indent = lines[above - 1][:len(lines[above - 1]) - len(lines[above - 1].lstrip())]
out = []
for n, line in enumerate(lines, 1):
    if n == above:
        out.append(indent + call)
    if n not in gone:
        out.append(line)
text = "\n".join(out)
ast.parse(text)
open(sys.argv[4], "w").write(text)
PY
    run lint --json "$tmp/fixed$choice.py"
    has "$id" && fail "lint still reports $id after the fix (option $choice): $(cat "$tmp/out")"
    [ -z "$(errors)" ] || fail "errors after the fix (option $choice): $(errors)"
    (cd "$tmp" && timeout -k 5 120 nice $py -m torch.distributed.run --standalone --nproc_per_node 2 --redirects 0:1,1:1 --tee 0:1,1:1 \
      "fixed$choice.py" > "job$choice.log" 2>&1) || fail "the fixed job (option $choice) failed: $(tail -20 "$tmp/job$choice.log")"
    got=$(grep -c "mean val loss 1.500" "$tmp/job$choice.log")
    [ "$got" = 3 ] || fail "option $choice printed $(grep 'mean val loss' "$tmp/job$choice.log" | tr '\n' ' '), expected 1.500 three times"
    echo "option $choice: a real 2-rank Gloo job prints mean val loss 1.500 three times"
  done
  ;;
p02-sudo-env)
  id=lint.shell.sudo-drops-env
  command -v sudo >/dev/null || fail "needs sudo (scripts/install-deps.sh)"
  mkdir -p "$tmp/bin"
  chmod 755 "$tmp" "$tmp/bin"
  printf '#!/bin/sh\necho "NCCL_SOCKET_IFNAME=[$NCCL_SOCKET_IFNAME] GLOO_SOCKET_IFNAME=[$GLOO_SOCKET_IFNAME]"\n' >"$tmp/bin/torchrun"
  chmod 755 "$tmp/bin/torchrun"
  cp "$cases/p02_sudo_launch.sh" "$tmp/launch.sh" || fail "setup: no p02"
  sed -i "s#/opt/conda/bin/torchrun#$tmp/bin/torchrun#" "$tmp/launch.sh"
  grep -q "sudo .*$tmp/bin/torchrun" "$tmp/launch.sh" || fail "setup: no sudo torchrun line: $(cat "$tmp/launch.sh")"
  before=$(cd "$tmp" && NODE_RANK=0 timeout 30 bash ./launch.sh 2>&1)
  echo "before: $before"
  [[ $before == *"NCCL_SOCKET_IFNAME=[]"* ]] || fail "setup: sudo passed NCCL_SOCKET_IFNAME through before the fix: $before"
  run lint --json "$tmp/launch.sh"
  has "$id" || fail "no $id: $(cat "$tmp/out")"
  "$dd" lint --fix "$tmp/launch.sh" >/dev/null 2>&1
  bash -n "$tmp/launch.sh" || fail "the fixed file does not parse"
  grep -n "sudo" "$tmp/launch.sh"
  after=$(cd "$tmp" && NODE_RANK=0 timeout 30 bash ./launch.sh 2>&1)
  echo "after: $after"
  [[ $after == *"NCCL_SOCKET_IFNAME=[ens1f0]"* ]] || fail "after --fix the launcher still gets no NCCL_SOCKET_IFNAME: $after"
  run lint --json "$tmp/launch.sh"
  has "$id" && fail "lint still reports $id after the fix"
  ;;
*) fail "unknown case" ;;
esac
echo "PASS [$case]"
