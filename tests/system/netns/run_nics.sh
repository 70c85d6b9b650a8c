#!/usr/bin/env bash
# tests/system/netns/run_nics.sh — does `distdoctor nics` predict what the real libnccl picks?
#
# usage: run_nics.sh --oracle PATH [--distdoctor PATH] [--cases FILE] [--mismatch-dir DIR]
#                    [--oracle-only] GROUP...
#
# For every case of the GROUPs in nics_cases.txt: build the scenario in a fresh network namespace
# (lib.sh, scenarios.sh), then run inside it, under `env -i PATH=... <the case's variables>`:
#   1. dd_nccl_oracle (real libnccl): bootstrap choice (null when ncclGetUniqueId fails) and the
#      NET/Socket list (internal ncclFindInterfaces, maxIfs 16); checked against the facts row;
#   2. distdoctor nics --json --no-probe: nccl.prediction.bootstrap and .socket must equal 1.;
#   3. distdoctor nics --json: nccl.library.observed must equal the oracle's bootstrap choice.
# Prints a table (scenario | env | oracle | distdoctor | status) and exits 1 on any mismatch,
# 2 on bad usage. --oracle-only skips 2 and 3 (checks the harness against the facts file).
# Mismatches are also written to DIR/mismatches.d/<group>.txt and DIR/MISMATCHES.txt (all groups).
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib.sh
source "$here/lib.sh"
# shellcheck source=scenarios.sh
source "$here/scenarios.sh"

oracle="" distdoctor="" cases="$here/nics_cases.txt" mismatch_dir="" oracle_only=0 groups=()
usage() { echo "usage: $0 --oracle PATH [--distdoctor PATH] [--cases FILE] [--mismatch-dir DIR] [--oracle-only] GROUP..." >&2; exit 2; }
while (($#)); do
  case "$1" in
    --oracle) oracle="${2:-}"; shift 2 || usage ;;
    --distdoctor) distdoctor="${2:-}"; shift 2 || usage ;;
    --cases) cases="${2:-}"; shift 2 || usage ;;
    --mismatch-dir) mismatch_dir="${2:-}"; shift 2 || usage ;;
    --oracle-only) oracle_only=1; shift ;;
    -h|--help) usage ;;
    -*) echo "run_nics.sh: unknown option '$1'" >&2; usage ;;
    *) groups+=("$1"); shift ;;
  esac
done
((${#groups[@]})) || usage
[[ -x "$oracle" ]] || { echo "run_nics.sh: --oracle '$oracle' is not an executable" >&2; exit 2; }
[[ -r "$cases" ]] || { echo "run_nics.sh: --cases '$cases' is not readable" >&2; exit 2; }
if ((!oracle_only)); then
  [[ -x "$distdoctor" ]] || { echo "run_nics.sh: --distdoctor '$distdoctor' is not an executable" >&2; exit 2; }
fi

# localhost_addr: the first address getaddrinfo gives for "localhost" in NN_NS with NCCL's hints
# (AF_UNSPEC, SOCK_STREAM; lib/socket.cc takes the first), "-" when it does not resolve.
localhost_addr() {
  nn_run -- /usr/bin/python3 -c 'import socket
try: print(socket.getaddrinfo("localhost", None, socket.AF_UNSPEC, socket.SOCK_STREAM)[0][4][0])
except OSError: print("-")' 2>/dev/null || echo "-"
}
# expect_of FIELD: the expectation with @LOCALHOST@ replaced ("lo:-" becomes "-": no interface).
expect_of() {
  local e="$1" a
  if [[ "$e" == *@LOCALHOST@* ]]; then
    a="$(localhost_addr)"
    if [[ "$a" == "-" ]]; then e="-"; else e="${e//@LOCALHOST@/$a}"; fi
  fi
  printf '%s' "$e"
}

trim() { local s="$1"; s="${s#"${s%%[![:space:]]*}"}"; s="${s%"${s##*[![:space:]]}"}"; printf '%s' "$s"; }

# show_env VAR=value...: the variables as one line; a value with blanks, or an empty one, is quoted.
show_env() {
  (($#)) || { printf '(none)'; return; }
  local v out=()
  for v in "$@"; do
    if [[ "${v#*=}" =~ [[:space:]] || -z "${v#*=}" ]]; then out+=("${v%%=*}='${v#*=}'"); else out+=("$v"); fi
  done
  printf '%s' "${out[*]}"
}

# jq programs: "iface:addr" of a choice, "-" for none; a list joined by spaces, "-" when empty.
jq_choice='if . == null then "-" else "\(.iface):\(.addr)" end'
jq_list='if (. // []) | length == 0 then "-" else [.[] | "\(.iface):\(.addr)"] | join(" ") end'

nn_init "nics"
errfile="$(mktemp)"
trap 'nn_cleanup; rm -f "$errfile"' EXIT
failures=0 total=0 mismatch_text=""
report() { printf '%-12s | %-34s | %-44s | %-44s | %s\n' "$@"; }

run_case() {  # group scenario row exp_boot exp_sock vars...
  local group="$1" scn="$2" row="$3" exp_boot="$4" exp_sock="$5"
  shift 5
  local vars=("$@") env_text o="" orc o_internals o_error o_boot="" o_sock="" o_rc="?" o_last=""
  local status="" d="" drc d_boot="" d_sock="" p="" prc p_obs="" p_src="" p_addr="" o_id_addr=""
  env_text="$(show_env "${vars[@]}")"
  total=$((total + 1))

  o="$(nn_run "${vars[@]}" -- "$oracle" 2>/dev/null)"; orc=$?
  # One jq run per JSON document (jq start-up dominates the run time); fields split on \x1f.
  if ((orc != 0)) || ! IFS=$'\x1f' read -r o_internals o_error o_boot o_sock o_rc o_last < <(jq -r \
      "[(.internals.available | tostring), .internals.error,
        (if .rc != 0 then \"-\" else (.bootstrap | $jq_choice) end), (.socket | $jq_list),
        (.rc | tostring), .last_error] | join(\"\\u001f\")" <<<"$o" 2>/dev/null); then
    status="ORACLE-FAILED(rc=$orc) "
  else
    [[ "$o_internals" == true ]] || status="ORACLE-NO-INTERNALS($o_error) "
    if [[ "$exp_boot" != "?" && "$exp_boot" != "$o_boot" ]] || [[ "$exp_sock" != "?" && "$exp_sock" != "$o_sock" ]]; then
      status+="FACTS-MISMATCH(row $row: $exp_boot [$exp_sock]) "
    fi
  fi

  if ((!oracle_only)) && [[ -z "$status" || "$status" == FACTS* ]]; then
    d="$(nn_run "${vars[@]}" -- "$distdoctor" nics --json --no-probe 2>"$errfile")"; drc=$?
    if ((drc > 1)) || ! IFS=$'\x1f' read -r d_boot d_sock < <(jq -r -e \
        ".nccl.prediction | if type != \"object\" then error(\"no nccl.prediction\") else . end
         | [(.bootstrap | $jq_choice), (.socket | $jq_list)] | join(\"\\u001f\")" \
        <<<"$d" 2>/dev/null); then
      status+="DISTDOCTOR-FAILED(rc=$drc: $(head -c 300 "$errfile" | tr '\n' ' ')) "
    else
      [[ "$d_boot" == "$o_boot" ]] || status+="MISMATCH(bootstrap) "
      [[ "$d_sock" == "$o_sock" ]] || status+="MISMATCH(socket) "
    fi
    p="$(nn_run "${vars[@]}" -- "$distdoctor" nics --json 2>"$errfile")"; prc=$?
    if ((prc > 1)) || ! IFS=$'\x1f' read -r p_obs p_src p_addr < <(jq -r -e ".nccl | if type != \"object\" then error(\"no nccl\") else . end
        | [(.library.observed | $jq_choice), (.library.observed.source // \"\"), (.library.observed.addr // \"\")]
        | join(\"\\u001f\")" <<<"$p" 2>/dev/null); then
      status+="DISTDOCTOR-PROBE-FAILED(rc=$prc: $(head -c 300 "$errfile" | tr '\n' ' ')) "
      p_obs=""
    elif [[ "$p_src" == NCCL_COMM_ID ]]; then
      # With NCCL_COMM_ID the unique id carries that variable's (remote) address, not a local
      # choice: the probe must report exactly the id's address, which the oracle decodes too.
      o_id_addr="$(jq -r '.id.addr // "-"' <<<"$o" 2>/dev/null)"
      [[ "$p_addr" == "$o_id_addr" ]] || status+="MISMATCH(observed id address=$p_addr, oracle id=$o_id_addr) "
    else
      [[ "$p_obs" == "$o_boot" ]] || status+="MISMATCH(observed=$p_obs) "
    fi
  fi

  if [[ -z "$status" ]]; then
    status=OK
  else
    failures=$((failures + 1))
    mismatch_text+="[$group] scenario=$scn (facts row $row) env: $env_text
  status:     $status
  oracle:     bootstrap=${o_boot:-?} socket=[${o_sock:-?}] rc=$o_rc last_error=$o_last
  distdoctor: bootstrap=${d_boot:-?} socket=[${d_sock:-?}] observed=${p_obs:-?}
  distdoctor --no-probe .nccl: $(jq -c '.nccl' <<<"${d:-null}" 2>/dev/null)
  distdoctor (probe) .nccl.library: $(jq -c '.nccl.library' <<<"${p:-null}" 2>/dev/null)

"
  fi
  local dd_text="-"
  ((oracle_only)) || dd_text="${d_boot:-?} [${d_sock:-?}] obs=${p_obs:-?}"
  report "$scn" "$env_text" "${o_boot:-?} [${o_sock:-?}]" "$dd_text" "$status"
}

started=$SECONDS
report scenario env oracle "distdoctor (bootstrap [socket] obs=observed)" status
for group in "${groups[@]}"; do
  current=""
  matched=0
  while IFS= read -r line || [[ -n "$line" ]]; do
    [[ -z "$(trim "$line")" || "$(trim "$line")" == \#* ]] && continue
    IFS='|' read -r -a f <<<"$line"
    [[ "$(trim "${f[0]}")" == "$group" ]] || continue
    ((${#f[@]} >= 5)) || { echo "run_nics.sh: $cases: bad line (needs 5 fields): $line" >&2; exit 2; }
    matched=$((matched + 1))
    scn="$(trim "${f[1]}")"
    declare -F "scn_$scn" >/dev/null || { echo "run_nics.sh: $cases: unknown scenario '$scn'" >&2; exit 2; }
    vars=()
    for ((i = 5; i < ${#f[@]}; i++)); do
      v="$(trim "${f[$i]}")"
      v="${v//@CONF@/$here/conf}"
      [[ -n "$v" ]] && vars+=("$v")
    done
    if [[ "$scn" != "$current" ]]; then
      [[ -n "$current" ]] && nn_host_done
      nn_host "$scn"
      "scn_$scn"
      nn_settle
      current="$scn"
    fi
    run_case "$group" "$scn" "$(trim "${f[2]}")" "$(expect_of "$(trim "${f[3]}")")" \
      "$(expect_of "$(trim "${f[4]}")")" "${vars[@]}"
  done <"$cases"
  [[ -n "$current" ]] && nn_host_done
  ((matched)) || { echo "run_nics.sh: no case of group '$group' in $cases" >&2; exit 2; }
done

if [[ -n "$mismatch_dir" ]]; then
  mkdir -p "$mismatch_dir/mismatches.d"
  for group in "${groups[@]}"; do
    printf '%s' "" >"$mismatch_dir/mismatches.d/$group.txt"
  done
  if [[ -n "$mismatch_text" ]]; then
    printf '%s' "$mismatch_text" >"$mismatch_dir/mismatches.d/${groups[0]}.txt"
  fi
  (
    flock -w 10 9 || exit 0
    {
      echo "# distdoctor nics vs real libnccl: mismatches of the latest run of each group ($(date -u +%FT%TZ))"
      cat "$mismatch_dir"/mismatches.d/*.txt
    } >"$mismatch_dir/MISMATCHES.txt"
  ) 9>"$mismatch_dir/.mismatches.lock"
fi

echo "run_nics.sh: ${groups[*]}: $total cases, $failures failed, $((SECONDS - started)) s"
((failures == 0))
