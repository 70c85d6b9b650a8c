#!/usr/bin/env bash
# tests/system/check_newuser.sh — a new user's first `distdoctor check`: run as an unprivileged
# user with a bare environment on typical hosts (network namespaces, netns/lib.sh), it must name
# the trap (an error finding with the expected id), and its fix must work: with the fix's
# environment applied, the real libnccl (dd_nccl_oracle) or real Gloo (netns/gloo_oracle.py) picks
# the expected interface, and a second `check` reports no nccl.*/gloo.* error.
#
# usage: check_newuser.sh --distdoctor PATH --oracle PATH --spy PATH [--python PATH] [--mismatch-dir DIR]
# Failures are also written to DIR/mismatches.d/check_newuser.txt and DIR/MISMATCHES.txt.
# Exits 1 when a case fails, 2 on bad usage.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=netns/lib.sh
source "$here/netns/lib.sh"
# shellcheck source=netns/scenarios.sh
source "$here/netns/scenarios.sh"

distdoctor="" oracle="" spy="" python=/usr/bin/python3 mismatch_dir=""
usage() { echo "usage: $0 --distdoctor PATH --oracle PATH --spy PATH [--python PATH] [--mismatch-dir DIR]" >&2; exit 2; }
while (($#)); do
  case "$1" in
    --distdoctor) distdoctor="${2:-}"; shift 2 || usage ;;
    --oracle) oracle="${2:-}"; shift 2 || usage ;;
    --spy) spy="${2:-}"; shift 2 || usage ;;
    --python) python="${2:-}"; shift 2 || usage ;;
    --mismatch-dir) mismatch_dir="${2:-}"; shift 2 || usage ;;
    *) echo "check_newuser.sh: unknown argument '$1'" >&2; usage ;;
  esac
done
[[ -x "$distdoctor" && -x "$oracle" && -f "$spy" ]] || usage

# name | scenario | hostname's /etc/hosts line | VAR=value... (";"-separated) |
#   expected error finding ("-": no nccl.*/gloo.* error) | after the fix: nccl=IFACE or gloo=IFACE
cases=(
  "container, exclusion list | docketh | 198.18.0.2 nodea | NCCL_SOCKET_IFNAME=^docker | nccl.ifname.exclusion-picks-loopback | nccl=eth0"
  "container, wrong case | eth | 198.18.0.2 nodea | NCCL_SOCKET_IFNAME=ETH0 | nccl.ifname.matches-nothing | nccl=eth0"
  "container, hostname on 127.0.1.1 | eth | 127.0.1.1 nodea | | gloo.hostname-loopback | gloo=eth0"
  "bridge uplink, docker chosen | bruplink | 198.18.0.2 nodea | NCCL_SOCKET_IFNAME=docker | nccl.bootstrap.docker-interface | nccl=br0"
  "healthy container | eth | 198.18.0.2 nodea | | - | nccl=eth0"
)

trim() { local s="$1"; s="${s#"${s%%[![:space:]]*}"}"; s="${s%"${s##*[![:space:]]}"}"; printf '%s' "$s"; }
# check as user nobody, bare environment, hostname nodea; prints the JSON.
check_as_newuser() {
  nn_run_as nodea "$@" -- setpriv --reuid=65534 --regid=65534 --clear-groups \
    "$distdoctor" check --json --no-probe 2>"$errfile"
}
nccl_errors='[.findings[] | select(.severity == "error" and (.id | test("^(nccl|gloo)\\."))) | .id] | join(",")'

nn_init "newuser"
errfile="$(mktemp)"
trap 'nn_cleanup; rm -f "$errfile"' EXIT
failures=0 started=$SECONDS report_text=""
for c in "${cases[@]}"; do
  IFS='|' read -r -a f <<<"$c"
  name="$(trim "${f[0]}")" scn="$(trim "${f[1]}")" hosts_line="$(trim "${f[2]}")"
  want_id="$(trim "${f[4]}")" after="$(trim "${f[5]}")"
  vars=()
  IFS=';' read -r -a raw_vars <<<"$(trim "${f[3]}")"
  for v in "${raw_vars[@]}"; do v="$(trim "$v")"; [[ -n "$v" ]] && vars+=("$v"); done
  nn_host "$scn"
  "scn_$scn"
  nn_hosts_file "127.0.0.1 localhost" "$hosts_line"
  nn_settle
  problems=()

  # 1. the first check names the trap
  out="$(check_as_newuser "${vars[@]}")"; rc=$?
  if ! errors="$(jq -r -e "$nccl_errors" <<<"$out" 2>/dev/null)"; then
    problems+=("check failed (rc=$rc): $(head -c 300 "$errfile" | tr '\n' ' ')")
    errors="?"
  elif [[ "$want_id" == "-" ]]; then
    [[ -z "$errors" && $rc == 0 ]] || problems+=("healthy host, but check exits $rc with errors [$errors]")
  else
    [[ ",$errors," == *",$want_id,"* ]] || problems+=("no error finding $want_id (errors: [$errors])")
    ((rc == 1)) || problems+=("exit code $rc with an error finding, wanted 1")
  fi

  # 2. apply every finding's fix.env (and fix.per_host.nodea) over the user's variables
  fixed=("${vars[@]}")
  fix_lines="$(jq -r '[.findings[].fix | (.env // {}), (.per_host.nodea // {})] | add // {} | to_entries[] | "\(.key)=\(.value)"' <<<"$out" 2>/dev/null)"
  while IFS= read -r kv; do
    [[ -z "$kv" ]] && continue
    keep=()
    for v in "${fixed[@]}"; do [[ "${v%%=*}" == "${kv%%=*}" ]] || keep+=("$v"); done
    fixed=("${keep[@]}" "$kv")
  done <<<"$fix_lines"
  if [[ "$want_id" != "-" && "${fixed[*]}" == "${vars[*]}" ]]; then
    problems+=("the findings carry no fix.env")
  fi

  # 3. the fix works with the real library and leaves no nccl/gloo error
  kind="${after%%=*}" want_if="${after#*=}"
  if [[ "$kind" == nccl ]]; then
    got="$(nn_run "${fixed[@]}" -- "$oracle" 2>/dev/null | jq -r '.bootstrap.iface // "-"')"
  else
    got="$(nn_run_as nodea "${fixed[@]}" -- "$python" "$here/netns/gloo_oracle.py" --spy "$spy" 2>/dev/null | jq -r '.iface // "-"')"
  fi
  [[ "$got" == "$want_if" ]] || problems+=("with the fix, real $kind picks ${got:-?}, wanted $want_if")
  out2="$(check_as_newuser "${fixed[@]}")"
  errors2="$(jq -r "$nccl_errors" <<<"$out2" 2>/dev/null || echo '?')"
  [[ -z "$errors2" ]] || problems+=("check after the fix still reports [$errors2]")

  if ((${#problems[@]})); then
    failures=$((failures + 1))
    text="FAIL  $name ($scn; env: ${vars[*]:-(none)}; fix: ${fixed[*]:-(none)})
$(printf '      - %s\n' "${problems[@]}")
      fix texts: $(jq -c '[.findings[] | select(.severity == "error") | {id: .id, fix: .fix.text}]' <<<"$out" 2>/dev/null)"
    echo "$text"
    report_text+="[check_newuser] $text

"
  else
    echo "ok    $name ($scn; env: ${vars[*]:-(none)}; errors: [${errors}]; fix: ${fixed[*]:-(none)}; real $kind: $got)"
  fi
  nn_host_done
done
if [[ -n "$mismatch_dir" ]]; then
  mkdir -p "$mismatch_dir/mismatches.d"
  printf '%s' "$report_text" >"$mismatch_dir/mismatches.d/check_newuser.txt"
  (
    flock -w 10 9 || exit 0
    {
      echo "# distdoctor vs real libnccl / Gloo: mismatches of the latest run of each group ($(date -u +%FT%TZ))"
      cat "$mismatch_dir"/mismatches.d/*.txt
    } >"$mismatch_dir/MISMATCHES.txt"
  ) 9>"$mismatch_dir/.mismatches.lock"
fi
echo "check_newuser.sh: ${#cases[@]} cases, $failures failed, $((SECONDS - started)) s"
((failures == 0))
