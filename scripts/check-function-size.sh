#!/usr/bin/env bash
# Lists the functions of src/ over the size limits of .clang-tidy (readability-function-size:
# lines, statements), longest first, as "FILE:LINE: FUNCTION: N lines, M statements". Runs
# clang-tidy-14 on every non-test src/ file of a build's compile_commands.json (CMakeLists.txt sets
# CMAKE_EXPORT_COMPILE_COMMANDS). Unit tests (*_test.cpp) are left out: a test's length is its
# scenario. Exit 0 when no function is over, 1 when some are, 2 on a usage error.
#
# usage: check-function-size.sh [BUILD_DIR]   (default: build/asan)   JOBS=N: parallel clang-tidy runs (2)
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build/asan}"
db="$build/compile_commands.json"
[[ -r "$db" ]] || { echo "check-function-size: no $db (configure the build with cmake first)" >&2; exit 2; }
# A unity build's database names the generated unity sources, not src/ files: configure (no build)
# a per-file database beside it; no src/ file includes a generated header, so none is missing.
if grep -q '/Unity/unity_' "$db"; then
  cmake -S "$root" -B "$build/tidy-db" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_UNITY_BUILD=OFF \
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null ||
    { echo "check-function-size: could not configure a per-file database in $build/tidy-db" >&2; exit 2; }
  build="$build/tidy-db"
  db="$build/compile_commands.json"
fi
command -v clang-tidy-14 >/dev/null ||
  { echo "check-function-size: clang-tidy-14 is missing (Debian package clang-tidy-14)" >&2; exit 2; }
mapfile -t files < <(python3 -c '
import json, os, sys
root, db = sys.argv[1], sys.argv[2]
seen = set()
for e in json.load(open(db)):
    f = os.path.normpath(os.path.join(e["directory"], e["file"]))
    rel = os.path.relpath(f, root)
    if rel.startswith("src/") and not rel.endswith("_test.cpp") and rel not in seen:
        seen.add(rel)
        print(f)
' "$root" "$db" | sort)
(( ${#files[@]} > 0 )) || { echo "check-function-size: no src/ files in $db (built from another tree?)" >&2; exit 2; }
out=$(printf '%s\0' "${files[@]}" |
  xargs -0 -n 4 -P "${JOBS:-2}" clang-tidy-14 -p "$build" --quiet --config-file="$root/.clang-tidy" 2>&1)
tidy=$?
# clang-tidy exits non-zero only when a file did not compile: then the sizes are not all known.
if (( tidy != 0 )); then
  grep -E '(^| )error: |^Error while' <<<"$out" | head -20 >&2
  echo "check-function-size: clang-tidy-14 failed (exit $tidy); is $db from this tree?" >&2
  exit 2
fi
# clang-tidy prints the warning, then one note per threshold passed; headers repeat per file.
report=$(awk -v root="$root/" '
  /warning: function .* exceeds recommended size/ {
    split($0, p, ":"); file = p[1]; sub(root, "", file); line = p[2]
    fn = $0; sub(/.*function \047/, "", fn); sub(/\047.*/, "", fn)
    key = file ":" line ": " fn; lines[key] = 0; stmts[key] = 0; cur = key; next
  }
  cur != "" && / note: [0-9]+ lines including/ { n = $0; sub(/.* note: /, "", n); lines[cur] = n + 0; next }
  cur != "" && / note: [0-9]+ statements/ { n = $0; sub(/.* note: /, "", n); stmts[cur] = n + 0; next }
  END {
    for (k in lines) {
      what = lines[k] > 0 ? lines[k] " lines" : ""
      if (stmts[k] > 0) what = what (what == "" ? "" : ", ") stmts[k] " statements"
      printf "%d\t%d\t%s: %s\n", lines[k], stmts[k], k, what
    }
  }
' <<<"$out" | sort -t$'\t' -k1,1nr -k2,2nr -k3 | cut -f3-)
if [[ -z "$report" ]]; then
  echo "check-function-size: ${#files[@]} files, no function over .clang-tidy's limits"
  exit 0
fi
echo "$report"
echo "check-function-size: $(wc -l <<<"$report") function(s) over .clang-tidy's limits in ${#files[@]} files" >&2
exit 1
