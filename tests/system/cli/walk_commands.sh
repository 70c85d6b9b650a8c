#!/usr/bin/env bash
# The command line as a person meets it (issue 31), for EVERY command `distdoctor --help` lists:
# --help names the program and has examples, exit status and docs; an unknown flag, a missing
# argument and a bad value each give one message prefixed with the command, exit 2 and nothing on
# stdout (and nothing runs). Then the program-level forms (-V, version, help CMD) and the flags that
# used to be ignored or refused (launch-template --json, env --export with --json or
# --export-format, --color, --quiet, --report's path).
# Usage: walk_commands.sh DISTDOCTOR LOG_FIXTURE_DIR
set -u
dd=$1 data=$2
. "$(dirname "${BASH_SOURCE[0]}")/../scratch_dir.sh"
make_scratch dd-cli-walk
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
fail=0 cases=0
ok() { cases=$((cases + 1)); echo "ok   $1"; }
bad() { cases=$((cases + 1)); echo "FAIL $1" >&2; fail=1; }

# run ARGS...: stdout in $tmp/out, stderr in $tmp/err, exit code in $rc.
run() { "$dd" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; }

# usage NAME WANT_FIRST_STDERR_LINE ARGS...: exit 2, stdout empty, stderr's first line exactly as
# wanted and the second the pointer to --help.
usage() {
  local name=$1 want=$2; shift 2
  run "$@"
  local first; first="$(head -1 "$tmp/err")"
  if [[ $rc == 2 && ! -s "$tmp/out" && "$first" == "$want" ]] && grep -q "^Run 'distdoctor.* --help' for usage.$" "$tmp/err"; then
    ok "$name"
  else
    bad "$name: distdoctor $* -> exit $rc, stdout $(wc -c <"$tmp/out") bytes, stderr: $(head -c 400 "$tmp/err")
      wanted: $want"
  fi
}

# The commands --help lists (the SUBCOMMANDS section), and the cases each must pass. A command
# added to the table without a row here fails the test.
run --help
mapfile -t listed < <(awk 'tolower($0) ~ /^subcommands:/ {on=1; next} on && /^[^ ]/ {on=0} on && /^  [a-z]/ {print $1}' "$tmp/out")
grep -q '^Usage: distdoctor \[OPTIONS\] SUBCOMMAND' "$tmp/out" && ok "program help names the program" || bad "program help: $(head -3 "$tmp/out")"
for want in help version check lint; do
  [[ " ${listed[*]} " == *" $want "* ]] && ok "program help lists $want" || bad "program help does not list $want: ${listed[*]}"
done
grep -q -- '-V,--version' "$tmp/out" && ok "program help lists -V" || bad "program help does not list -V,--version"

# command | a bad value: args ; wanted message after "distdoctor CMD: " | a missing argument (or "-")
declare -A bad_value=(
  [check]="--probe-timeout 0;--probe-timeout must be a whole number of seconds from 1 to 600 (got '0')"
  [nics]="--probe-timeout abc;--probe-timeout must be a whole number of seconds from 1 to 600 (got 'abc')"
  [env]="--platform plan9;--platform must be one of: linux, windows, macos (got 'plan9')"
  [logs]="--color sometimes;--color must be one of: auto, always, never (got 'sometimes')"
  [preflight]="--timeout 1;--timeout must be a whole number of seconds from 2 to 3600 (got '1')"
  [bench]="--sockets 65;--sockets must be a whole number from 1 to 64 (got '65')"
  [watch]="--stall 0;--stall must be a number of seconds > 0 (got '0')"
  [lint]="--platform macos;--platform must be one of: linux, windows (got 'macos')"
  [launch-template]="--nodes 0;--nodes must be a whole number from 1 to 65536 (got '0')"
  [version]="--color rainbow;--color must be one of: auto, always, never (got 'rainbow')"
  [help]="-"
)
declare -A missing=(
  [logs]="missing FILE... (log files (one per rank/node or combined; .gz ok; - for stdin))"
  [lint]="missing PATH... (files or folders: .py, .sh/.bash/.sbatch, Dockerfile*, Kubernetes .yaml, .env, .bat/.cmd, .ps1; - for standard input)"
)
for cmd in "${listed[@]}"; do
  [[ -n "${bad_value[$cmd]+x}" ]] || { bad "$cmd: listed by --help but has no row in this test"; continue; }
  # --help: the program's name in the usage line, examples that call it, exit status, docs.
  run "$cmd" --help
  if [[ $rc == 0 ]] && grep -q "^Usage: distdoctor $cmd" "$tmp/out" && grep -q '^Examples:$' "$tmp/out" &&
     awk '/^Examples:$/ {on=1; next} on && /^$/ {exit} on' "$tmp/out" | grep -q "distdoctor" &&
     grep -q '^Exit status:$' "$tmp/out" && grep -q '^Docs: ' "$tmp/out"; then
    ok "$cmd --help"
  else
    bad "$cmd --help (exit $rc): $(head -c 600 "$tmp/out")"
  fi
  # help CMD is CMD --help
  cp "$tmp/out" "$tmp/help1"; run help "$cmd"
  cmp -s "$tmp/out" "$tmp/help1" && ok "help $cmd = $cmd --help" || bad "help $cmd differs from $cmd --help"
  # an unknown flag, with the closest real one
  if [[ $cmd == help ]]; then
    usage "$cmd bad flag" "distdoctor help: unknown option '--jsn'" help --jsn
  else
    usage "$cmd bad flag" "distdoctor $cmd: unknown option '--jsn' (did you mean '--json'?)" "$cmd" --jsn
  fi
  # a missing argument: the command's own (FILE..., PATH...), and a flag's value (every command)
  if [[ -n "${missing[$cmd]+x}" ]]; then usage "$cmd missing argument" "distdoctor $cmd: ${missing[$cmd]}" "$cmd"; fi
  if [[ $cmd != help ]]; then
    usage "$cmd missing value" "distdoctor $cmd: --color needs a value" "$cmd" --color
  fi
  # a bad value, said as a person would
  if [[ "${bad_value[$cmd]}" != "-" ]]; then
    IFS=';' read -r args want <<<"${bad_value[$cmd]}"
    read -r -a argv <<<"$args"
    usage "$cmd bad value" "distdoctor $cmd: $want" "$cmd" "${argv[@]}"
  fi
done
# the issue's own examples
usage "watch --stall=abc" "distdoctor watch: --stall must be a number of seconds > 0 (got 'abc')" watch --stall=abc -- true
usage "watch --stall 0 before the command" "distdoctor watch: --stall must be a number of seconds > 0 (got '0')" watch --stall 0 -- true
usage "lint --version" "distdoctor lint: unknown option '--version' (the version: distdoctor --version)" lint --version x.py
usage "check extra argument" "distdoctor check: unexpected argument 'foo' (this command takes no file or other argument)" check foo
usage "help of an unknown command" "distdoctor: unknown command 'chek' (did you mean 'check'?)" help chek
usage "unknown command" "distdoctor: unknown command 'lnit' (did you mean 'lint'?)" lnit x.py
# a refused flag runs nothing: watch with a bad flag does not start its command
usage "watch bad flag runs nothing" "distdoctor watch: unknown option '--stal' (did you mean '--stall'?)" watch --stal 5 -- touch "$tmp/ran"
[[ ! -e "$tmp/ran" ]] && ok "watch's command did not run" || bad "watch ran its command despite the bad flag"
usage "watch command without --" "distdoctor watch: unknown option '--epochs' (the training command and its flags go after --)" watch python3 train.py --epochs 3

# the version, three ways
for v in -V --version version; do
  run $v
  [[ $rc == 0 && "$(cat "$tmp/out")" =~ ^distdoctor\ [0-9]+\.[0-9]+\.[0-9]+$ ]] && ok "$v" || bad "$v: exit $rc: $(cat "$tmp/out" "$tmp/err")"
done
run version --json
python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); assert j["command"]=="version" and j["findings"]==[] and j["version"]' "$tmp/out" &&
  ok "version --json" || bad "version --json: $(cat "$tmp/out")"

# flags that were ignored or refused (issue 31, item 2)
usage "env --export --json" "distdoctor env: --export prints shell lines, --json a JSON object: give one (--json has every fix in findings[].fix.env)" env --export --json
usage "env --export --export-format k8s" "distdoctor env: --export is the shell form of the fix; for another form give --export-format k8s alone" env --export --export-format k8s
run launch-template --json --launcher srun --nodes 3
python3 - "$tmp/out" <<'PY' && ok "launch-template --json" || bad "launch-template --json: exit $rc: $(head -c 400 "$tmp/out" "$tmp/err")"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["command"] == "launch-template" and j["launcher"] == "srun" and j["nodes"] == 3, j
assert isinstance(j["findings"], list)
assert j["script"].startswith("#!") and "srun" in j["script"], j["script"][:200]
PY
# --report says where it wrote
run logs --report "$tmp/r.html" "$data/healthy.log"
[[ $rc == 0 && -s "$tmp/r.html" ]] && grep -qxF "distdoctor logs: report written to $tmp/r.html" "$tmp/err" &&
  ok "--report prints its path" || bad "--report: exit $rc: $(cat "$tmp/err")"
# --color: always colours through a pipe (and over NO_COLOR: the flag is the later, explicit choice),
# never and auto (a pipe) do not
esc=$'\033['
run logs --color always "$data/loopback-across-hosts.log"; grep -qF "$esc" "$tmp/out" && ok "--color always" || bad "--color always: no colour"
NO_COLOR=1 "$dd" logs --color always "$data/loopback-across-hosts.log" >"$tmp/out" 2>/dev/null
grep -qF "$esc" "$tmp/out" && ok "--color always over NO_COLOR" || bad "--color always lost to NO_COLOR"
for c in "--color never" "--color auto" "--color=never" ""; do
  # shellcheck disable=SC2086
  run logs $c "$data/loopback-across-hosts.log"; ! grep -qF "$esc" "$tmp/out" && [[ $rc == 1 ]] && ok "logs ${c:-(no flag)} through a pipe: no colour" ||
    bad "logs $c: exit $rc, colour through a pipe"
done

# --quiet: nothing on stdout, the exit code tells; with --json refused
run logs --quiet "$data/loopback-across-hosts.log"
[[ $rc == 1 && ! -s "$tmp/out" ]] && ok "logs --quiet on an error: exit 1, stdout empty" || bad "logs --quiet: exit $rc, $(wc -c <"$tmp/out") bytes"
run logs -q "$data/healthy.log"
[[ $rc == 0 && ! -s "$tmp/out" ]] && ok "logs -q on a healthy log: exit 0, stdout empty" || bad "logs -q: exit $rc, $(wc -c <"$tmp/out") bytes"
usage "--quiet with --json" "distdoctor logs: --quiet must not come with --json (one prints nothing, the other one object)" logs --quiet --json "$data/healthy.log"

# flags that contradict each other or have nothing to act on are refused, never ignored; every
# usage error names its command the same way
usage "--no-color with --color always" "distdoctor logs: --no-color: contradicts --color always: give one of them" \
  logs --no-color --color always "$data/healthy.log"
usage "bench --nccl-lib on the tcp backend" "distdoctor bench: --nccl-lib is for --backend nccl; the tcp backend loads no library" \
  bench --world 1 --nccl-lib /nonexistent/libnccl.so.2
usage "bench --cudart-lib on the tcp backend" "distdoctor bench: --cudart-lib is for --backend nccl; the tcp backend loads no library" \
  bench --world 1 --cudart-lib /nonexistent/libcudart.so
usage "check --export-format with --json" "distdoctor check: --export-format and --json both want stdout: give one of them" \
  check --no-probe --json --export-format sh
usage "launch-template with an unknown launcher" \
  "distdoctor launch-template: --launcher 'slurmx': unknown launcher (use one of torchrun, srun, mpirun, tf)" \
  launch-template --launcher slurmx
run logs /nonexistent/rank0.log
[[ $rc == 2 && ! -s "$tmp/out" && "$(head -1 "$tmp/err")" == "distdoctor logs: /nonexistent/rank0.log: cannot open: No such file or directory" ]] &&
  ok "logs on a missing file names the command and the file" || bad "logs on a missing file: exit $rc: $(cat "$tmp/err")"
run watch --
[[ $rc == 2 && "$(head -1 "$tmp/err")" == "distdoctor watch: no command (use \`watch -- CMD...\` or \`watch --pid PID\`)" ]] &&
  ok "watch without a command" || bad "watch --: exit $rc: $(cat "$tmp/err")"

echo "$cases cases, $([[ $fail == 0 ]] && echo all passed || echo FAILURES)"
exit $fail
