#!/usr/bin/env bash
# system.style.function-size.selftest: scripts/check-function-size.sh passes a tree whose
# functions are all within .clang-tidy's limits, and fails one with a planted 90-line function,
# naming its file, line, name and size (and nothing else). The trees are tiny (two files, their own
# compile_commands.json), so the selftest takes seconds, not a whole-tree clang-tidy run.
#
# usage: function_size_selftest.sh SOURCE_DIR
set -uo pipefail
src="${1:?usage: function_size_selftest.sh SOURCE_DIR}"
d=$(mktemp -d) || exit 2
trap 'rm -rf "$d"' EXIT
mkdir -p "$d/scripts" "$d/src" "$d/build"
cp "$src/scripts/check-function-size.sh" "$d/scripts/" && cp "$src/.clang-tidy" "$d/" || exit 2

# A short function: within the limits.
printf 'int short_one(int x) {\n  return x + 1;\n}\n' >"$d/src/short.cpp"
# A long one: 88 statements, one per line, 90 lines from its first line to its closing brace.
{
  echo 'int planted_long(int x) {'
  for i in $(seq 1 88); do echo "  x += $i;"; done
  echo '}'
} >"$d/src/planted.cpp"

compile_db() {  # the files named, compiled as C++20 from $d
  local sep=''
  echo '['
  for f in "$@"; do
    printf '%s{"directory": "%s", "file": "%s", "command": "c++ -std=c++20 -c %s -o /dev/null"}\n' "$sep" "$d" "$f" "$f"
    sep=','
  done
  echo ']'
}

compile_db src/short.cpp >"$d/build/compile_commands.json"
if ! out=$(bash "$d/scripts/check-function-size.sh" "$d/build" 2>&1); then
  echo "selftest: the check fails a tree with no long function:" >&2
  echo "$out" >&2
  exit 1
fi

compile_db src/short.cpp src/planted.cpp >"$d/build/compile_commands.json"
out=$(bash "$d/scripts/check-function-size.sh" "$d/build" 2>&1)
rc=$?
if ((rc != 1)); then
  echo "selftest: the check exits $rc (not 1) on a planted 90-line function:" >&2
  echo "$out" >&2
  exit 1
fi
# clang-tidy counts the lines after the opening one: 89 of the 90, over the limit of 80.
if ! grep -qx 'src/planted.cpp:1: planted_long: 89 lines' <<<"$out"; then
  echo "selftest: the check does not name src/planted.cpp:1: planted_long: 89 lines:" >&2
  echo "$out" >&2
  exit 1
fi
if grep -q short_one <<<"$out"; then
  echo "selftest: the check names the short function too:" >&2
  echo "$out" >&2
  exit 1
fi
echo "selftest: the check passes a short function and names the planted long one"
