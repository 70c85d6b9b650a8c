#!/usr/bin/env bash
# The release fixture is built by README's main command itself: scripts/run-check.sh (with
# DD_RELEASE_DIR=DIR), so the binary that system.release.portable, .install, .deb and .oldroot
# (Debian 11, glibc 2.31) check is the one a newcomer gets from `bash scripts/run-check.sh`.
# Asserts that the command ran `distdoctor check` (one JSON object, exit 0 or 1: whatever this
# machine's findings are) and left the binary and the .deb in DIR.
#
# usage: readme_build.sh SOURCE_DIR DIR
set -uo pipefail
(($# == 2)) || { echo "usage: readme_build.sh SOURCE_DIR DIR" >&2; exit 2; }
src="$1" dir="$2"
fail() { echo "readme_build: FAIL: $*" >&2; exit 1; }
mkdir -p "$dir"
DD_RELEASE_DIR="$dir" bash "$src/scripts/run-check.sh" --no-probe --json >"$dir/check.json" 2>"$dir/check.err"
rc=$?
[[ $rc == 0 || $rc == 1 ]] || { tail -30 "$dir/check.err" >&2; fail "scripts/run-check.sh exited $rc"; }
/usr/bin/python3 - "$dir/check.json" <<'PY' || fail "run-check.sh --json did not print check's JSON: $(head -c 500 "$dir/check.json")"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["command"] == "check" and isinstance(d["findings"], list), d.get("command")
PY
[[ -x "$dir/distdoctor" ]] || fail "no binary at $dir/distdoctor"
compgen -G "$dir/distdoctor_*_amd64.deb" >/dev/null || fail "no .deb in $dir"
echo "readme_build: scripts/run-check.sh built $dir/distdoctor (exit $rc, $(/usr/bin/python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["findings"]))' "$dir/check.json") findings)"
