#!/bin/bash
# usage: tools/run_all.sh BIN OUTDIR [CASE...]
# For every case: lint (text, json), lint --diff (applied with patch to a copy), lint --fix on a copy,
# re-lint of the fixed copy, parser checks of the fixed files; for .vars/.env: env, env --export and
# every --export-format, each checked with its parser and re-run through env.
# With NETNS=name in the environment, env runs inside that network namespace (tools/netns.sh makes one).
set -u
B=$1; O=$(realpath -m "$2"); shift 2
HERE=$(cd "$(dirname "$0")/.." && pwd); C=$HERE/cases
mkdir -p "$O"
cases=("$@"); [ ${#cases[@]} -eq 0 ] && cases=($(cd "$C" && ls))
T="timeout 120 nice"

check_file() {  # $1 file -> prints a verdict line
  local f=$1
  case "$f" in
    *.py) /usr/bin/python3 -c 'import ast,sys; ast.parse(open(sys.argv[1]).read())' "$f" 2>&1 && echo "ast ok: $f" ;;
    *.sh|*.sbatch|*.env) bash -n "$f" 2>&1 && echo "bash -n ok: $f"; grep -q $'\r' "$f" && echo "CR still in $f" ;;
    *.yaml|*.yml) python3 -c 'import yaml,sys; list(yaml.safe_load_all(open(sys.argv[1])))' "$f" 2>&1 && echo "yaml ok: $f" ;;
    *) echo "no parser: $f" ;;
  esac
}

read_vars() {  # $1 file -> array VARS of NAME=value lines (literal, comments and blanks dropped)
  VARS=()
  while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in ''|'#'*) continue ;; esac
    VARS+=("$line")
  done < "$1"
}

run_env() {  # $1 case file, $2 outdir
  local f=$1 d=$2
  read_vars "$f"
  printf '%s\n' "${VARS[@]}" > "$d/env.input"
  local E=(env -i PATH=/usr/bin:/bin HOME=/root "${VARS[@]}")
  [ -n "${NETNS:-}" ] && E=(ip netns exec "$NETNS" "${E[@]}")  # NETNS: audit inside a namespace whose NIC has the files' name
  $T "${E[@]}" "$B" env --no-color > "$d/env.txt" 2>&1; echo $? > "$d/env.rc"
  $T "${E[@]}" "$B" env --json > "$d/env.json" 2>&1
  $T "${E[@]}" "$B" env --export > "$d/export.sh" 2> "$d/export.err"; echo $? > "$d/export.rc"
  { bash -n "$d/export.sh" && echo "bash -n ok"; } > "$d/export.check" 2>&1
  # run the export lines, then audit the environment they leave
  "${E[@]}" bash -c 'set -e; eval "$(cat "$1")"; env' _ "$d/export.sh" > "$d/export.after-env" 2>&1; echo "eval rc=$?" >> "$d/export.check"
  "${E[@]}" bash -c 'eval "$(cat "$1")"; exec "$2" env --no-color' _ "$d/export.sh" "$B" > "$d/export.reenv.txt" 2>&1; echo "re-env rc=$?" >> "$d/export.check"
  for fmt in sh dockerfile k8s slurm torchrun tf; do
    $T "${E[@]}" "$B" env --export-format $fmt > "$d/fmt.$fmt" 2> "$d/fmt.$fmt.err"; echo $? > "$d/fmt.$fmt.rc"
  done
  {
    bash -n "$d/fmt.sh" && echo "sh: bash -n ok"
    "${E[@]}" bash -c 'eval "$(cat "$1")"; exec "$2" env --no-color' _ "$d/fmt.sh" "$B" > "$d/fmt.sh.reenv.txt" 2>&1; echo "sh: re-env rc=$?"
    bash -n "$d/fmt.slurm" && echo "slurm: bash -n ok"
    bash -n "$d/fmt.torchrun" && echo "torchrun: bash -n ok"
    python3 -c 'import yaml,sys; d=list(yaml.safe_load_all(open(sys.argv[1]))); print("k8s: yaml ok", [type(x).__name__ for x in d])' "$d/fmt.k8s"
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("tf: json ok keys", sorted(d))' "$d/fmt.tf"
    grep -vE '^(#|$|ENV )' "$d/fmt.dockerfile" | sed 's/^/dockerfile: non-ENV line: /'
  } > "$d/fmt.check" 2>&1
}

for n in "${cases[@]}"; do
  d=$O/$n; rm -rf "$d"; mkdir -p "$d"
  echo "== $n" >&2
  case "$n" in
    *.vars) run_env "$C/$n" "$d"; continue ;;
  esac
  ( cd "$C" && $T "$B" lint --no-color "$n" ) > "$d/lint.txt" 2>&1; echo $? > "$d/lint.rc"
  ( cd "$C" && $T "$B" lint --json "$n" ) > "$d/lint.json" 2>&1
  ( cd "$C" && $T "$B" lint --format text "$n" ) > "$d/lint.format-text" 2>&1
  ( cd "$C" && $T "$B" lint --no-color --diff "$n" ) > "$d/diff.patch" 2> "$d/diff.err"; echo $? > "$d/diff.rc"
  mkdir -p "$d/fixed" "$d/patched"
  cp -a "$C/$n" "$d/fixed/"; cp -a "$C/$n" "$d/patched/"
  ( cd "$d/fixed" && $T "$B" lint --no-color --fix "$n" ) > "$d/fix.txt" 2> "$d/fix.err"; echo $? > "$d/fix.rc"
  if [ -s "$d/diff.patch" ]; then ( cd "$d/patched" && patch -p1 --no-backup-if-mismatch < "$d/diff.patch" ) > "$d/patch.log" 2>&1; echo "patch rc=$?" >> "$d/patch.log"; fi
  diff -r "$d/fixed/$n" "$d/patched/$n" > "$d/fix-vs-diff.txt" 2>&1 && echo "--fix and --diff agree" >> "$d/fix-vs-diff.txt"
  ( cd "$d/fixed" && $T "$B" lint --no-color "$n" ) > "$d/relint.txt" 2>&1; echo $? > "$d/relint.rc"
  diff -ru "$C/$n" "$d/fixed/$n" > "$d/fixed.diff" 2>&1
  { find "$d/fixed" -type f | sort | while read -r f; do check_file "$f"; done; } > "$d/fixed.check" 2>&1
  case "$n" in
    *.env) run_env "$C/$n" "$d" ;;
  esac
  case "$n" in  # Windows cases: also as lint --platform windows; a .bat file also through standard input
    *windows*) ( cd "$C" && $T "$B" lint --no-color --platform windows "$n" ) > "$d/lint.windows.txt" 2>&1; echo $? > "$d/lint.windows.rc"
               ( cd "$C" && $T "$B" lint --no-color --platform windows - < "$n" ) > "$d/lint.windows.stdin.txt" 2>&1; echo $? > "$d/lint.windows.stdin.rc" ;;
  esac
done
