#!/bin/bash
# Bounded libFuzzer run of the lint front ends (src/lint/lint_fuzz.cpp) through the shared
# tests/system/fuzz/run_fuzz.sh: the vendored tree-sitter-python grammar is compiled once here as
# plain C (no coverage instrumentation: it is generated tables) and linked in with libtree-sitter
# and yaml-cpp. Usage: run_lint_fuzz.sh SOURCE_DIR SECONDS
set -u
src=$1 secs=$2
cc=$(command -v clang-14 || command -v clang)
[ -n "$cc" ] || { echo "lint fuzz: clang not found (apt-get install clang)" >&2; exit 1; }
work=$(mktemp -d /tmp/dd-lint-fuzz-XXXXXX)
trap 'rm -rf "$work"' EXIT
ts=$src/third_party/tree-sitter-python/src
"$cc" -O1 -w -c -I"$ts" "$ts/parser.c" -o "$work/parser.o" || exit 1
"$cc" -O1 -w -c -I"$ts" "$ts/scanner.c" -o "$work/scanner.o" || exit 1
DD_FUZZ_LINK="$work/parser.o $work/scanner.o -ltree-sitter -lyaml-cpp" \
  bash "$src/tests/system/fuzz/run_fuzz.sh" "$src" tests/fuzz/lint/lint_fuzz.cpp "$secs" \
  core os netif nccl env env/launchers report lint
