#!/bin/bash
# system.fix.stranger-killed-cleanup (issue 27): every tests/system/lint/stranger*_cases.sh removes its
# /tmp/dd-strangerN.PID.* folder when the run is killed, not only when it ends. Each script runs its
# `hold` case (prints the folder, then waits) under `timeout -s TERM 2`, and once more under
# `timeout -s INT 2`; asserts: timeout killed it (rc 124), the folder it printed carries its pid and
# existed while it ran, and no /tmp/dd-stranger*.PID.* folder is left.
# Usage: stranger_killed.sh DISTDOCTOR SOURCE_DIR
set -u
dd=$1 src=$2
here=$(dirname "$0")
fail() { echo "FAIL: $*" >&2; exit 1; }
scripts=("$here"/stranger*_cases.sh)
[ "${#scripts[@]}" -ge 7 ] || fail "found ${#scripts[@]} stranger*_cases.sh scripts in $here, expected at least 7"
n=0
for script in "${scripts[@]}"; do
  case $(basename "$script") in
  stranger3_cases.sh | stranger5_cases.sh) args=("$dd" hold) ;;
  *) args=("$dd" "$src" hold) ;;
  esac
  for sig in TERM INT; do
    out=$(mktemp "/tmp/dd-killed-out.$$.XXXXXX")
    # bash -c prints its pid, then exec keeps that pid for the script
    timeout -s "$sig" 2 bash -c 'echo "$$"; exec bash "$@"' _ "$script" "${args[@]}" >"$out" 2>&1
    rc=$?
    pid=$(sed -n 1p "$out") folder=$(sed -n 2p "$out")
    rm -f "$out"
    [ "$rc" = 124 ] || fail "$(basename "$script") $sig: rc $rc, not killed by timeout"
    case $folder in
    /tmp/dd-stranger*."$pid".*) ;;
    *) fail "$(basename "$script") $sig: folder '$folder' does not carry pid $pid" ;;
    esac
    left=$(compgen -G "/tmp/dd-stranger*.$pid.*")
    [ -z "$left" ] || { rm -rf $left; fail "$(basename "$script") $sig: left $left"; }
    n=$((n + 1))
  done
done
[ "$n" = $((2 * ${#scripts[@]})) ] || fail "ran $n kills, expected $((2 * ${#scripts[@]})) (${#scripts[@]} scripts x TERM, INT)"
echo "OK: $n killed runs, no folder left"
