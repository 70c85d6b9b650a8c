#!/bin/bash
# Runs the frozen binary on every case; outputs under out/. Usage: bash run.sh BIN
BIN=${1:-/work/eval-bin7/distdoctor}
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$HERE/out
WORK=/tmp/s7work
rm -rf "$OUT" "$WORK"; mkdir -p "$OUT" "$WORK"
cd "$WORK"   # outside any repo: no .distdoctor.toml
T="timeout 60"
loadvars() { while IFS= read -r l; do [ -n "$l" ] && export "$l"; done < "$1"; }
for f in "$HERE"/cases/*; do
  n=$(basename "$f"); o=$OUT/$n; mkdir -p "$o"
  case "$n" in
  *.vars)
    for args in "" "--json" "--export"; do
      nm=env${args// /_}
      env -i PATH=/usr/bin:/bin HOME=/root bash -c "$(declare -f loadvars); loadvars '$f'; $T $BIN env --color never $args" >"$o/$nm.out" 2>"$o/$nm.err"; echo $? >"$o/$nm.rc"
    done
    for fmt in sh dockerfile k8s slurm torchrun tf; do
      env -i PATH=/usr/bin:/bin HOME=/root bash -c "$(declare -f loadvars); loadvars '$f'; $T $BIN env --color never --export-format $fmt" >"$o/fmt-$fmt.out" 2>"$o/fmt-$fmt.err"; echo $? >"$o/fmt-$fmt.rc"
    done
    ;;
  *)
    cp "$f" "$WORK/$n"
    $T $BIN lint --color never "$n" >"$o/lint.out" 2>"$o/lint.err"; echo $? >"$o/lint.rc"
    $T $BIN lint --json "$n" >"$o/lint.json" 2>"$o/lint.json.err"; echo $? >"$o/lint.json.rc"
    $T $BIN lint --diff "$n" >"$o/lint.diff" 2>"$o/lint.diff.err"; echo $? >"$o/lint.diff.rc"
    mkdir -p "$WORK/fixed"; cp "$f" "$WORK/fixed/$n"
    (cd "$WORK/fixed" && $T $BIN lint --color never --fix "$n" >"$o/fix.out" 2>"$o/fix.err"; echo $? >"$o/fix.rc")
    cp "$WORK/fixed/$n" "$o/fixed.$n"
    (cd "$WORK/fixed" && $T $BIN lint --color never "$n" >"$o/relint.out" 2>"$o/relint.err"; echo $? >"$o/relint.rc")
    # --diff through patch must agree with --fix
    mkdir -p "$WORK/patched/a" && cp "$f" "$WORK/patched/$n"
    (cd "$WORK/patched" && patch -p1 -s < "$o/lint.diff" >"$o/patch.out" 2>&1; echo $? >"$o/patch.rc")
    cmp -s "$WORK/patched/$n" "$o/fixed.$n"; echo $? >"$o/diff-vs-fix.cmp"
    rm -f "$WORK/$n"
    ;;
  esac
done
echo done
