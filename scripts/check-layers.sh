#!/bin/bash
# check-layers.sh [ROOT]: the one-way dependencies of docs/ARCHITECTURE.md, read from #include lines.
#  1. Modules: a product source of src/<module>/ (its *_test.cpp aside) includes only
#     its own module and the modules its dd_module(... DEPS ...) line in ROOT/CMakeLists.txt
#     declares, so the build's link graph and the code's include graph are the same graph.
#  2. Rooms inside cluster/: cluster/analysis/'s product sources never include the orchestrator
#     (preflight, ssh_launch, render_text), which sits above it (a test there may).
# Prints each offending line and exits 1; exits 0 when every include points the allowed way.
ROOT=${1:-$(cd "$(dirname "$0")/.." && pwd)}
SRC=$ROOT/src
[ -f "$ROOT/CMakeLists.txt" ] && [ -d "$SRC/cluster/analysis" ] || { echo "check-layers: no CMakeLists.txt or src/cluster/analysis under $ROOT" >&2; exit 2; }
bad=0
declare -A deps
while read -r mod list; do deps[$mod]=" $list "; done < <(
  sed -nE 's/^dd_module\(([a-z]+) +DEPS +(.*)\)$/\1 \2/p' "$ROOT/CMakeLists.txt" |
  while read -r mod rest; do
    printf '%s' "$mod"
    for d in $rest; do [[ $d == dd_* ]] && printf ' %s' "${d#dd_}"; done
    echo
  done)
[ "${#deps[@]}" -gt 0 ] || { echo "check-layers: no dd_module(... DEPS ...) lines in $ROOT/CMakeLists.txt" >&2; exit 2; }
for mod in "${!deps[@]}"; do
  [ -d "$SRC/$mod" ] || continue
  while IFS= read -r hit; do
    file=${hit%%:*} rest=${hit#*:} line=${rest%%:*} inc=${rest#*:}
    [[ $inc =~ ^#include\ \"([a-z_]+)/ ]] || continue
    target=${BASH_REMATCH[1]}
    [ -d "$SRC/$target" ] || continue
    [ "$target" = "$mod" ] && continue
    [[ ${deps[$mod]} == *" $target "* ]] && continue
    echo "${file#"$ROOT"/}:$line: module $mod includes $target, which its dd_module line does not declare: $inc" >&2
    bad=1
  done < <(find "$SRC/$mod" \( -name '*.cpp' -o -name '*.hpp' \) ! -name '*_test.cpp' -print0 |
             xargs -0 -r grep -nH '^#include "' || true)
done
hits=$(grep -rnE '^#include "(cluster/preflight\.hpp|cluster/ssh_launch\.hpp|cluster/render_text\.hpp)' "$SRC/cluster/analysis" \
         --include='*.cpp' --include='*.hpp' --exclude='*_test.cpp' || true)
if [ -n "$hits" ]; then
  echo "cluster/analysis must not include the orchestrator:" >&2
  echo "$hits" >&2
  bad=1
fi
exit $bad
