#!/bin/bash
# usage: run_lint.sh CASE [extra lint flags]
D=/work/eval-bin9/distdoctor
B=$(cd "$(dirname "$0")" && pwd)
c=$1; shift
O=$B/out/$c; rm -rf "$O"; mkdir -p "$O/fixed"
cp -r "$B/cases/$c"* "$O/fixed/" 2>/dev/null
cd "$B/cases"
paths=$(ls -d $c* )
timeout 120 $D lint --no-color "$@" $paths > "$O/lint.txt" 2>&1; echo "exit $?" >> "$O/lint.txt"
timeout 120 $D lint --no-color --diff "$@" $paths > "$O/diff.txt" 2> "$O/diff.err"; echo "exit $?" >> "$O/diff.err"
timeout 120 $D lint --json "$@" $paths > "$O/lint.json" 2>/dev/null
cd "$O/fixed"
timeout 120 $D lint --no-color --fix "$@" $paths > "$O/fix.txt" 2> "$O/fix.err"; echo "exit $?" >> "$O/fix.err"
timeout 120 $D lint --no-color "$@" $paths > "$O/relint.txt" 2>&1; echo "exit $?" >> "$O/relint.txt"
