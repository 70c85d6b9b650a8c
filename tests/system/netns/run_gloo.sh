#!/usr/bin/env bash
# tests/system/netns/run_gloo.sh — does `distdoctor nics` predict the address real Gloo binds?
#
# usage: run_gloo.sh --spy PATH [--distdoctor PATH | --oracle-only] [--python PATH] [--mismatch-dir DIR]
#
# Each case builds a scenario of scenarios.sh, writes /etc/netns/<ns>/hosts, and runs, in the
# namespace with its own hostname (unshare --uts) and `env -i PATH=... <variables>`:
#   gloo_oracle.py (torch.distributed, backend gloo, two ranks, file:// rendezvous; the listen_spy
#   shim given by --spy records the address Gloo's listeners bind) and
#   distdoctor nics --json --no-probe, whose gloo.prediction {iface, addr} must match.
# Prints scenario | env | oracle | distdoctor | status; exits 1 on a mismatch, 2 on bad usage.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib.sh
source "$here/lib.sh"
# shellcheck source=scenarios.sh
source "$here/scenarios.sh"

distdoctor="" python=/usr/bin/python3 mismatch_dir="" oracle_only=0 spy=""
usage() { echo "usage: $0 --spy PATH [--distdoctor PATH | --oracle-only] [--python PATH] [--mismatch-dir DIR]" >&2; exit 2; }
while (($#)); do
  case "$1" in
    --spy) spy="${2:-}"; shift 2 || usage ;;
    --distdoctor) distdoctor="${2:-}"; shift 2 || usage ;;
    --python) python="${2:-}"; shift 2 || usage ;;
    --mismatch-dir) mismatch_dir="${2:-}"; shift 2 || usage ;;
    --oracle-only) oracle_only=1; shift ;;
    *) echo "run_gloo.sh: unknown argument '$1'" >&2; usage ;;
  esac
done
[[ -f "$spy" ]] || { echo "run_gloo.sh: --spy '$spy' is not a file" >&2; exit 2; }
((oracle_only)) || [[ -x "$distdoctor" ]] || { echo "run_gloo.sh: --distdoctor '$distdoctor' is not an executable" >&2; exit 2; }
"$python" -c 'import torch.distributed as d; assert d.is_gloo_available()' 2>/dev/null ||
  { echo "run_gloo.sh: $python has no torch.distributed with Gloo" >&2; exit 1; }

# scenario | hostname | /etc/hosts lines for it, ";"-separated ("-" = none) |
#   expected iface:addr ("-" = Gloo refuses, "?" = not checked) | VAR=value...
# (Each case imports torch, ~4 s here; keep the list short.)
cases=(
  "eth | nodea | 198.18.0.2 nodea | eth0:198.18.0.2 |"
  "eth | nodea | 127.0.1.1 nodea | lo:127.0.1.1 |"
  "eth | nodea | - | lo:127.0.0.1 |"
  "eth | nodea | 198.18.99.1 nodea | lo:127.0.0.1 |"
  "commid | nodea | fd00:18::2 nodea;198.18.4.2 nodea | ? |"
  "eth | nodea | 198.18.0.2 nodea | - | GLOO_SOCKET_IFNAME=nosuch0"
  "v6only | nodea | 127.0.1.1 nodea | eth0:fd00:18::2 | GLOO_SOCKET_IFNAME=eth0"
  "alias | nodea | 127.0.1.1 nodea | eth0:1:198.18.0.9 | GLOO_SOCKET_IFNAME=eth0:1"
)

trim() { local s="$1"; s="${s#"${s%%[![:space:]]*}"}"; s="${s%"${s##*[![:space:]]}"}"; printf '%s' "$s"; }
jq_choice='if .iface == null then "-" else "\(.iface):\(.addr)" end'
report() { printf '%-8s | %-44s | %-24s | %-24s | %s\n' "$@"; }

nn_init "gloo"
errfile="$(mktemp)"
trap 'nn_cleanup; rm -f "$errfile"' EXIT
failures=0 mismatch_text="" started=$SECONDS
report scenario "hosts / env" oracle distdoctor status
for c in "${cases[@]}"; do
  IFS='|' read -r -a f <<<"$c"
  scn="$(trim "${f[0]}")" host="$(trim "${f[1]}")" hosts_line="$(trim "${f[2]}")" expected="$(trim "${f[3]}")"
  vars=()
  for ((i = 4; i < ${#f[@]}; i++)); do v="$(trim "${f[$i]}")"; [[ -n "$v" ]] && vars+=("$v"); done
  nn_host "$scn"
  "scn_$scn"
  if [[ "$hosts_line" == "-" ]]; then
    nn_hosts_file "127.0.0.1 localhost"
  else
    IFS=';' read -r -a hosts_lines <<<"$hosts_line"
    nn_hosts_file "127.0.0.1 localhost" "${hosts_lines[@]}"
  fi
  nn_settle

  status="" o_choice="?" d_choice="-" o_error=""
  o="$(nn_run_as "$host" "${vars[@]}" -- "$python" "$here/gloo_oracle.py" --spy "$spy" 2>"$errfile")"; orc=$?
  if ((orc != 0)) || ! o_choice="$(jq -r -e "$jq_choice" <<<"$o" 2>/dev/null)"; then
    status+="ORACLE-FAILED(rc=$orc: $(head -c 300 "$errfile" | tr '\n' ' ')) "
  else
    o_error="$(jq -r '.error // ""' <<<"$o")"
    [[ "$expected" == "?" || "$o_choice" == "$expected" ]] || status+="EXPECTATION-MISMATCH(wanted $expected) "
  fi
  if ((!oracle_only)); then
    d="$(nn_run_as "$host" "${vars[@]}" -- "$distdoctor" nics --json --no-probe 2>"$errfile")"; drc=$?
    if ((drc > 1)) || ! d_choice="$(jq -r -e ".gloo.prediction | if type != \"object\" then error(\"none\") else . end | $jq_choice" <<<"$d" 2>/dev/null)"; then
      status+="DISTDOCTOR-FAILED(rc=$drc: $(head -c 300 "$errfile" | tr '\n' ' ')) "
      d_choice="?"
    elif [[ "$d_choice" != "$o_choice" ]]; then
      status+="MISMATCH "
    fi
  fi
  label="hosts: ${hosts_line}; $( ((${#vars[@]})) && printf '%s ' "${vars[@]}" || printf '(no env)')"
  if [[ -z "$status" ]]; then
    status=OK
  else
    failures=$((failures + 1))
    mismatch_text+="[gloo] scenario=$scn hostname=$host $label
  status:     $status
  oracle:     $o_choice ${o_error:+error: $o_error}
  distdoctor: $d_choice  .gloo: $(jq -c '.gloo' <<<"${d:-null}" 2>/dev/null)

"
  fi
  report "$scn" "$label" "$o_choice" "$d_choice" "$status"
  nn_host_done
done

if [[ -n "$mismatch_dir" ]]; then
  mkdir -p "$mismatch_dir/mismatches.d"
  printf '%s' "$mismatch_text" >"$mismatch_dir/mismatches.d/gloo.txt"
  (
    flock -w 10 9 || exit 0
    {
      echo "# distdoctor nics vs real libnccl / Gloo: mismatches of the latest run of each group ($(date -u +%FT%TZ))"
      cat "$mismatch_dir"/mismatches.d/*.txt
    } >"$mismatch_dir/MISMATCHES.txt"
  ) 9>"$mismatch_dir/.mismatches.lock"
fi
echo "run_gloo.sh: ${#cases[@]} cases, $failures failed, $((SECONDS - started)) s"
((failures == 0))
