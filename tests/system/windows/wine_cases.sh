#!/bin/bash
# The Windows build (distdoctor.exe from scripts/build-windows.sh) run under wine64, headless:
# --version, lint of the seeds' MirroredStrategy-on-Windows script, logs --json equal to the Linux
# binary's on the same files (plain and gzip), check's adapter list, env, the Linux-only commands
# and bad inputs (exit 2, one clear line).
# Usage: wine_cases.sh DISTDOCTOR_EXE LINUX_DISTDOCTOR SOURCE_DIR WORK_DIR
set -u
exe=$1 linux_dd=$2 src=$3 work=$4
wine=/usr/lib/wine/wine64 wineserver=/usr/lib/wine/wineserver64  # Debian's wine64 package
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -x "$wine" ] || fail "$wine missing: apt-get install wine64 (scripts/install-deps.sh)"
[ -f "$exe" ] || fail "$exe missing (system.windows.build builds it)"
command -v jq >/dev/null || fail "jq missing (scripts/install-deps.sh)"

# A prefix of our own under the build tree, a persistent wineserver for the runs (each run then
# starts in about a second), both gone at the end, also on failure.
mkdir -p "$work" && work=$(cd "$work" && pwd)  # WINEPREFIX must be absolute
tmp=$(mktemp -d "$work/wine-XXXXXX")
export WINEPREFIX=$tmp/prefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" DISPLAY=
server_pid=
cleanup() {
  [ -n "$server_pid" ] && { "$wineserver" -k 2>/dev/null; kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null; }
  rm -rf "$tmp"
}
trap cleanup EXIT

start=$(date +%s)
# First start creates the prefix (C:\windows, registry): generous deadline on a loaded machine.
# Wine itself failed once to create a fresh prefix (CI of 2026-12-06, at load: "could not load
# kernel32.dll, status c0000135" within 0.08 s; 8 of 8 fresh prefixes made here one after another passed).
# Such a failure is wine's, not distdoctor's: the prefix is made once more, from nothing, with
# wine's error channel on, and said on stderr; a second failure fails the test with both logs.
if ! timeout 600 "$wine" wineboot --init >"$tmp/init.log" 2>&1; then
  echo "note: wineboot --init failed once ($(tail -3 "$tmp/init.log" | tr '\n' ' ')); a fresh prefix is made again" >&2
  "$wineserver" -k 2>/dev/null
  rm -rf "$WINEPREFIX"
  WINEDEBUG=err+all timeout 600 "$wine" wineboot --init >"$tmp/init2.log" 2>&1 \
    || fail "wineboot --init failed twice or timed out: first: $(tail -5 "$tmp/init.log"); second: $(tail -20 "$tmp/init2.log")"
fi
"$wineserver" -p -f >/dev/null 2>&1 </dev/null &
server_pid=$!
echo "wine prefix ready in $(( $(date +%s) - start )) s"

# run ARGS...: distdoctor.exe under wine; stdout (CR removed: Windows ends lines with CRLF)
# -> $tmp/out, stderr -> $tmp/err, exit code -> $rc. Every run has a deadline.
# distdoctor.exe never fails in silence: a failure with no stdout and no "distdoctor" on stderr
# means wine did not start it (seen once, in the full suite of 2026-12-01: `nics` gave exit 1 while
# another test loaded the machine); such a run is tried once more and said on stderr.
run() {
  local attempt
  for attempt in 1 2; do
    timeout 120 "$wine" "$exe" "$@" >"$tmp/out.raw" 2>"$tmp/err.raw"
    rc=$?
    [ "$rc" = 124 ] && fail "distdoctor.exe $* did not finish within 120 s"
    if [ "$rc" = 0 ] || [ -s "$tmp/out.raw" ] || grep -q distdoctor "$tmp/err.raw"; then break; fi
    echo "note: wine gave exit $rc and no distdoctor output for '$*' ($(head -c 300 "$tmp/err.raw")); attempt $attempt" >&2
  done
  tr -d '\r' <"$tmp/out.raw" >"$tmp/out"
  tr -d '\r' <"$tmp/err.raw" >"$tmp/err"
}

# --version
run --version
[ "$rc" = 0 ] || fail "--version: exit $rc: $(cat "$tmp/err")"
grep -qx "distdoctor [0-9.]*" "$tmp/out" || fail "--version printed: $(cat "$tmp/out")"
echo "ok: --version ($(cat "$tmp/out"))"

# lint: the seeds' MirroredStrategy script gives the HierarchicalCopyAllReduce finding with no
# --platform flag (Windows is the platform there), a warning (TF falls back to ReductionToOneDevice);
# the fixed script is clean.
lint_data=$src/tests/data/lint/rules
run lint --json "$lint_data/mirrored_windows.py"
[ "$rc" = 0 ] || fail "lint mirrored_windows.py: exit $rc, want 0 (a warning): $(cat "$tmp/out" "$tmp/err")"
jq -e '[.findings[] | select(.id == "lint.tf.mirrored-windows-no-cross-device-ops" and .location.line == 3
        and .severity == "warning" and (.fix.text | contains("HierarchicalCopyAllReduce")))] | length == 1' "$tmp/out" >/dev/null \
  || fail "lint: no HierarchicalCopyAllReduce finding at line 3: $(cat "$tmp/out")"
run lint --json "$lint_data/mirrored_windows_fixed.py"
[ "$rc" = 0 ] || fail "lint mirrored_windows_fixed.py: exit $rc, want 0: $(cat "$tmp/out")"
run lint --no-color "$lint_data/nccl_windows.py"
[ "$rc" = 1 ] && grep -q "nccl_windows.py:" "$tmp/out" || fail "lint nccl_windows.py text: exit $rc: $(cat "$tmp/out")"
echo "ok: lint (MirroredStrategy -> HierarchicalCopyAllReduce, fixed form clean, text output)"

# lint of a YAML manifest: the Windows build has no YAML parser and says so (exit 2, one line).
run lint "$lint_data/pytorchjob_no_shm.yaml"
[ "$rc" = 2 ] || fail "lint .yaml: exit $rc, want 2"
[ "$(wc -l <"$tmp/err")" = 1 ] && grep -q "pytorchjob_no_shm.yaml: YAML manifests are not linted by the Windows build" "$tmp/err" \
  || fail "lint .yaml message: $(cat "$tmp/err")"
echo "ok: lint .yaml -> exit 2 with one line"

# logs --json: the same object as the Linux binary's on the same inputs (a plain log, two ranks'
# logs, a gzip file); paths are passed identically, so nothing may differ.
corpus=$src/tests/corpus/logs
gzip -c "$corpus/nccl-1267/log.txt" >"$tmp/nccl-1267.log.gz"
for inputs in "$corpus/accelerate-1317/log.txt" "$corpus/nccl-127/log.txt $corpus/nccl-1524/log.txt" "$tmp/nccl-1267.log.gz"; do
  # shellcheck disable=SC2086
  run logs --json $inputs
  win_rc=$rc
  jq -S . "$tmp/out" >"$tmp/win.json" 2>/dev/null || fail "logs $inputs: stdout is not one JSON object: $(head -c 300 "$tmp/out")"
  # shellcheck disable=SC2086
  "$linux_dd" logs --json $inputs >"$tmp/linux.raw" 2>/dev/null
  linux_rc=$?
  jq -S . "$tmp/linux.raw" >"$tmp/linux.json" || fail "Linux logs $inputs: no JSON"
  [ "$win_rc" = "$linux_rc" ] || fail "logs $inputs: exit $win_rc on Windows, $linux_rc on Linux"
  diff -u "$tmp/linux.json" "$tmp/win.json" >"$tmp/diff" || fail "logs $inputs: Windows JSON differs: $(head -40 "$tmp/diff")"
  [ "$(jq '.findings | length' "$tmp/win.json")" -gt 0 ] || fail "logs $inputs: no findings at all (wrong input?)"
  echo "ok: logs --json $(basename "$(dirname "${inputs%% *}")") (exit $win_rc, $(jq '.findings | length' "$tmp/win.json") findings, same as Linux)"
done
run logs "$tmp/missing.log"
[ "$rc" = 2 ] && grep -q "missing.log: cannot open" "$tmp/err" || fail "logs missing file: exit $rc: $(cat "$tmp/err")"
run logs "$corpus"
[ "$rc" = 2 ] && grep -q "is a directory" "$tmp/err" || fail "logs folder: exit $rc: $(cat "$tmp/err")"
echo "ok: logs bad inputs -> exit 2 naming the input"

# check: the adapters through GetAdaptersAddresses (wine reports this machine's interfaces, so
# loopback is among them) and the Windows finding; exit 0 or 1, never a crash.
run check --json
[ "$rc" = 0 ] || [ "$rc" = 1 ] || fail "check: exit $rc: $(cat "$tmp/err")"
jq -e '.command == "check" and .platform == "windows" and (.interfaces | length) >= 1
       and ([.interfaces[] | .addresses[]? | .addr] | any(. == "127.0.0.1"))' "$tmp/out" >/dev/null \
  || fail "check --json: no adapter list with loopback: $(head -c 2000 "$tmp/out")"
jq -e '[.findings[] | select(.id == "env.windows.no-nccl")] | length == 1' "$tmp/out" >/dev/null \
  || fail "check --json: no env.windows.no-nccl finding: $(jq .findings "$tmp/out")"
adapters=$(jq -r '[.interfaces[].name] | join(", ")' "$tmp/out")
run check --no-color
[ "$rc" = 0 ] || [ "$rc" = 1 ] || fail "check text: exit $rc"
grep -q "Network adapters of" "$tmp/out" && grep -q "HierarchicalCopyAllReduce" "$tmp/out" || fail "check text: $(cat "$tmp/out")"
echo "ok: check (adapters: $adapters)"

# env: NCCL settings on Windows are an error (exit 1) with the Windows fix.
NCCL_DEBUG=INFO run env --json
[ "$rc" = 1 ] || fail "env with NCCL_DEBUG: exit $rc, want 1: $(cat "$tmp/out")"
jq -e '.findings[] | select(.id == "env.windows.no-nccl") | .severity == "error"' "$tmp/out" >/dev/null \
  || fail "env: no env.windows.no-nccl error: $(cat "$tmp/out")"
echo "ok: env (NCCL_DEBUG on Windows -> error)"

# Linux-only commands and bad input: one line, exit 2.
for c in preflight bench watch nics; do
  run $c --rank 0
  [ "$rc" = 2 ] || fail "$c: exit $rc, want 2: $(cat "$tmp/out" "$tmp/err")"
  [ "$(wc -l <"$tmp/err")" = 1 ] && grep -q "'$c' is not available in the Windows build" "$tmp/err" || fail "$c: $(cat "$tmp/err")"
done
run lnit x.py
[ "$rc" = 2 ] && grep -q "did you mean 'lint'" "$tmp/err" || fail "unknown command: exit $rc: $(cat "$tmp/err")"
run lint "$tmp/missing.py"
[ "$rc" = 2 ] && grep -q "missing.py: no such file" "$tmp/err" || fail "lint missing file: exit $rc: $(cat "$tmp/err")"
echo "ok: Linux-only commands and bad inputs -> exit 2 with one line"
echo "wine cases done in $(( $(date +%s) - start )) s"
